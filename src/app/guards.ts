import { matchPath } from 'react-router-dom';
import { GUEST_PATHS, paths, SIGNED_OUT_ONLY, type PathName } from './paths';

/**
 * SPEC section 2: a signed-in customer on a sign-in page goes to /home; a guest anywhere but the
 * sign-in pages goes to / and keeps the `id` parameter when there is one. Returns where to go, or null.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  const path = normalise(pathname);
  if (signedIn) return SIGNED_OUT_ONLY.includes(path) ? paths.home : null;
  if (GUEST_PATHS.includes(path)) return null;
  const id = new URLSearchParams(search).get('id');
  return id ? `${paths.alterLogin}?id=${encodeURIComponent(id)}` : paths.alterLogin;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

// Static routes before parameterised ones, so /order/home is not taken for an order named "home".
const ORDERED = (Object.entries(paths) as [PathName, string][]).sort((a, b) => Number(a[1].includes(':')) - Number(b[1].includes(':')));

/** Which route a path is, for its title; null for an unknown path. */
export function routeNameOf(pathname: string): PathName | null {
  const path = normalise(pathname);
  for (const [name, pattern] of ORDERED) if (matchPath({ path: pattern, end: true }, path)) return name;
  return null;
}

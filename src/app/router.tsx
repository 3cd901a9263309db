import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The customer app's router: what the app used of react-router (BrowserRouter, Routes and Route,
 * Navigate, Link, useLocation, useNavigate, useParams, useSearchParams; MemoryRouter for tests) in
 * 1.2 KB gzip instead of react-router's 13 KB, which was an eighth of /login's first load
 * (scripts/check-budgets.ts). It behaves as react-router did where the app relies on it:
 *   - the history entries carry `{ usr: state, key, idx }`, the page's first entry has the key
 *     'default' (src/app/go-back.ts: nothing of the app to go back to);
 *   - a location change is rendered in a transition (the page on screen stays until the next one's
 *     code has loaded, rather than the loading screen in between);
 *   - a Link to the page on screen replaces it rather than adding an entry; a click with a modifier key,
 *     another button or a target opens as the browser would;
 *   - Routes shows the first route whose path matches, literal paths before those with a `:param`
 *     (one non-empty segment, decoded), `*` last; a trailing slash is ignored.
 * Every `to` in the app is an absolute path (the contract's `paths` and `to`), resolved like a URL.
 * The merchant console (its own build) keeps react-router.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** what navigate(…, { state }) passed along, or null */
  state: unknown;
  /** 'default' for the entry the app was opened on */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** navigate(path, options), or navigate(-1) to go back one entry (the browser's back). */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface History {
  location(): Location;
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
  listen(fn: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function parse(to: string, base: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, base);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function browserHistory(): History {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((fn) => fn());
  const h = window.history;
  let idx: number = h.state?.idx ?? 0;
  if (h.state?.idx == null) h.replaceState({ ...h.state, idx }, '');
  let current: Location | undefined;
  const read = (): Location => {
    const s = h.state as { usr?: unknown; key?: string } | null;
    return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: s?.usr ?? null, key: s?.key ?? 'default' };
  };
  const change = () => {
    current = read();
    notify();
  };
  // back, forward, history.go: the browser has moved already
  addEventListener('popstate', () => {
    idx = h.state?.idx ?? 0;
    change();
  });
  return {
    location: () => (current ??= read()),
    push(to, state) {
      const entry = { usr: state, key: newKey(), idx: ++idx };
      try {
        h.pushState(entry, '', to);
      } catch {
        // too many entries too fast (Safari), or a state the browser cannot clone: a full load instead
        return window.location.assign(to);
      }
      change();
    },
    replace(to, state) {
      h.replaceState({ usr: state, key: newKey(), idx }, '', to);
      change();
    },
    go: (delta) => h.go(delta),
    listen(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
  };
}

function memoryHistory(initialEntries: string[]): History {
  const listeners = new Set<() => void>();
  const at = (to: string, state: unknown, key: string): Location => ({ ...parse(to, 'http://app.invalid/'), state: state ?? null, key });
  const entries = (initialEntries.length ? initialEntries : ['/']).map((e, i) => at(e, null, i === 0 ? 'default' : newKey()));
  let index = entries.length - 1;
  const href = () => {
    const l = entries[index] as Location;
    return `http://app.invalid${l.pathname}${l.search}${l.hash}`;
  };
  const notify = () => listeners.forEach((fn) => fn());
  return {
    location: () => entries[index] as Location,
    push(to, state) {
      entries.splice(index + 1, entries.length, { ...parse(to, href()), state: state ?? null, key: newKey() });
      index++;
      notify();
    },
    replace(to, state) {
      entries[index] = { ...parse(to, href()), state: state ?? null, key: newKey() };
      notify();
    },
    go(delta) {
      index = Math.min(entries.length - 1, Math.max(0, index + delta));
      notify();
    },
    listen(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
  };
}

const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => history.listen(() => startTransition(() => setLocation(history.location()))), [history]);
  const navigate = useMemo<NavigateFunction>(
    () => (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const here = history.location();
      const target = parse(to, `http://app.invalid${here.pathname}${here.search}`);
      const path = `${target.pathname}${target.search}${target.hash}`;
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [history],
  );
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

/** The router over the browser's history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router over a history in memory (tests): `initialEntries` the paths, the last one shown. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() outside a router');
  return location;
}

export function useNavigate(): NavigateFunction {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate() outside a router');
  return navigate;
}

/** The `:param`s of the route on screen, decoded. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

export type SetSearchParams = (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void;

/** The query string of the location on screen, and a setter that goes to this path with another one. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useMemo<SetSearchParams>(
    () => (next, options) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, set];
}

/** Goes to `to` once rendered (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface RouteProps {
  path: string;
  element: ReactNode;
  caseSensitive?: boolean;
}

/** One route of <Routes>: read by Routes, renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** The params of `pattern` on `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string, caseSensitive = false): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (caseSensitive ? w !== g : w.toLowerCase() !== g.toLowerCase()) {
      return null;
    }
  }
  return params;
}

const rank = (path: string) => (path === '*' ? 2 : path.includes(':') ? 1 : 0);

/** The first matching <Route>'s element: literal paths first, then with params, then `*`. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const routes = Children.toArray(children)
    .filter((c): c is ReactElement<RouteProps> => isValidElement(c))
    .map((c) => c.props)
    .sort((a, b) => rank(a.path) - rank(b.path));
  for (const route of routes) {
    const params = matchPath(route.path, pathname, route.caseSensitive);
    if (params) return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An <a> that navigates inside the app; a click with a modifier key, another button or a target is the browser's. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const here = useLocation();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const same = `${here.pathname}${here.search}${here.hash}` === to;
    navigate(to, { replace: replace ?? same, state });
  };
  return (
    <a href={to} target={target} onClick={click} {...rest}>
      {children}
    </a>
  );
}

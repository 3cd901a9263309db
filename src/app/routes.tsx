import type { ComponentType } from 'react';
import { NOT_FOUND_SOURCE, type PathName, ROUTE_SOURCES } from '#contract/routes';
import { lazyPage } from '../shared/lazy-page';

/**
 * Each route's page: a container, code-split so a route loads only its own code. The path and the
 * container of each route live in the route table (src/contract/routes.ts); this loads that container.
 * A page whose code does not arrive says so with a way to try again (lazyPage), never an endless
 * "Loading…". The console loads its pages the same way (src/console/pages.tsx).
 */
type Page = ComponentType;
type Loader = () => Promise<{ default: ComponentType }>;

// One lazy import per page's container: Vite gives each its own chunk. Only pages' (`<name>-screen`):
// a part's container (the member card's) is loaded by the page that shows it, not listed in the entry.
// the merchant console's screens are its own build's (vite.console.config.ts), never the app's
const CONTAINERS = import.meta.glob<{ default: ComponentType }>(['../screens/**/*-screen.container.tsx', '!../screens/console/**']);

function loaderOf(source: string): Loader {
  const load = CONTAINERS[`../screens/${source}.container.tsx`];
  if (!load) throw new Error(`No container at src/screens/${source}.container.tsx`);
  return load;
}

const LOADERS = Object.fromEntries(Object.entries(ROUTE_SOURCES).map(([name, source]) => [name, loaderOf(source)])) as Record<PathName, Loader>;

export const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazyPage(load)])) as Record<PathName, Page>;

export const NotFoundPage = lazyPage(loaderOf(NOT_FOUND_SOURCE));

/** Starts loading the first page's code at once, alongside the settings, instead of after the shell renders. */
export function preloadRoute(name: PathName | null): void {
  if (name) void LOADERS[name]().catch(() => {});
}

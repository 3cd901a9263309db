import type { ComponentType } from 'react';
import { CONSOLE_PAGES, type ConsolePageName } from '#contract/console-routes';
import { lazyPage, type PageModule } from '../shared/lazy-page';

/**
 * Each console page's container, code-split like the customer app's routes (src/app/routes.tsx): the
 * page table (src/contract/console-routes.ts) names the container, this loads it with the same loader.
 * A container is given its page's name (the one-time links' page tells set-up, invitation and reset
 * apart by it). The signed-in pages' load errors show inside the console's frame.
 */
export interface ConsolePageProps {
  page: ConsolePageName;
}

const CONTAINERS = import.meta.glob<PageModule<ConsolePageProps>>('../screens/console/**/*.container.tsx');

// one lazy component per container: two pages of one container (a list and one of its rows) keep its state between them
const byContainer = new Map<string, ComponentType<ConsolePageProps>>();
function pageOf(name: ConsolePageName): ComponentType<ConsolePageProps> {
  const { container, role } = CONSOLE_PAGES[name];
  let page = byContainer.get(container);
  const load = CONTAINERS[`../screens/console/${container}.container.tsx`];
  if (!load) throw new Error(`No container at src/screens/console/${container}.container.tsx`);
  if (!page) byContainer.set(container, (page = lazyPage(load, { fullScreen: role === 'guest' })));
  return page;
}

export const CONSOLE_PAGE_VIEWS = Object.fromEntries((Object.keys(CONSOLE_PAGES) as ConsolePageName[]).map((name) => [name, pageOf(name)])) as Record<
  ConsolePageName,
  ComponentType<ConsolePageProps>
>;

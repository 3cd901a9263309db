/**
 * The console pages' titles in the language spoken (src/screens/console/shared/page-titles.ts): each says,
 * in English, what the contract's table says, so the heading, the document title and the menu read as the
 * server and the tests know them.
 */
import { describe, expect, it } from 'vitest';
import { CONSOLE_MENU, CONSOLE_PAGES, type ConsolePageName } from '#contract/console-routes';
import { PAGE_TITLES, pageTitle } from '../../../src/screens/console/shared/page-titles';

describe("the console pages' titles", () => {
  it("says every page's title as the contract does, and none for a guest page", () => {
    for (const name of Object.keys(CONSOLE_PAGES) as ConsolePageName[]) expect(pageTitle(name), name).toBe(CONSOLE_PAGES[name].title ?? '');
    expect(Object.keys(PAGE_TITLES).sort()).toEqual((Object.keys(CONSOLE_PAGES) as ConsolePageName[]).filter((n) => CONSOLE_PAGES[n].title !== null).sort());
  });

  it("labels the menu's entries with the same words", () => {
    for (const entry of CONSOLE_MENU) expect(PAGE_TITLES[entry.page], entry.page).toBe(entry.label);
  });
});

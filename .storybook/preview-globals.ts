import type { Page } from 'playwright';

/**
 * The Storybook preview's user globals on `page`, updated in its store: `set`'s values, and each key of
 * `reset` back to its initial value. No render of their own: the story selected next reads them. Used by
 * the runner (the a11y addon's pass, a screenshot pair's theme and viewport) and by its environment (a
 * kept page set back as a new one starts).
 */
export async function updatePreviewGlobals(page: Page, set: Record<string, unknown>, reset: readonly string[] = []): Promise<void> {
  await page.evaluate(
    ({ set, reset }) => {
      const store = (window as any).__STORYBOOK_PREVIEW__?.storyStoreValue?.userGlobals;
      if (!store?.update) throw new Error("Storybook's preview API changed: update .storybook/preview-globals.ts");
      // a key given as undefined goes back to its initial value
      store.update({ ...set, ...Object.fromEntries(reset.map((key) => [key, undefined])) });
    },
    { set, reset },
  );
}

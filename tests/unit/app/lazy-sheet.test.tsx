// @vitest-environment jsdom
/**
 * A sheet whose code is a chunk of its own (lazyPage with fullScreen: false, as the member card) waits for
 * its code inside the page. A walk-through found Home's Member card button losing the keyboard's focus on
 * the card's first opening: the sheet suspended to the router's fallback, which hid the whole page, the
 * button with it, so focus fell to the body and the sheet had nothing to give it back to on closing.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, type PageModule } from '../../../src/shared/lazy-page';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('a part of a page loaded lazily', () => {
  it('leaves the page shown, and the focus on what opened it, while its code arrives', async () => {
    const code = deferred<PageModule<{ open: boolean }>>();
    const Sheet = lazyPage(() => code.promise, { fullScreen: false });
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <main>
          <button type="button" onClick={() => setOpen(true)}>
            Member card
          </button>
          {open && <Sheet open />}
        </main>
      );
    }
    // the router's own boundary, around the whole page
    render(
      <Suspense fallback={<p>Loading the page…</p>}>
        <Page />
      </Suspense>,
    );
    const button = screen.getByRole('button', { name: 'Member card' });
    button.focus();
    await act(async () => button.click());

    expect(screen.queryByText('Loading the page…')).toBeNull();
    expect(button.isConnected).toBe(true);
    expect(button.closest('main')!.style.display).not.toBe('none');
    expect(document.activeElement).toBe(button);

    await act(async () => code.resolve({ default: ({ open }) => <div role="dialog">{open ? 'The card' : null}</div> }));
    expect(screen.getByRole('dialog').textContent).toBe('The card');
    expect(document.activeElement).toBe(button);
  });
});

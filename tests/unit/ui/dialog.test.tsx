// @vitest-environment jsdom
/**
 * What the Dialog adds to Radix Dialog (docs/decisions/009-radix-dialog.md): focus back, for a dialog the
 * page opened, to what had it then (not to the field that took it inside), and the page's scroll lock
 * held until the last of the open dialogs closes. The stories (UI/Dialog) check the rest in Chromium.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../../src/ui/dialog/dialog';

afterEach(cleanup);

function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Rename the card">
        <input aria-label="Name" autoFocus />
        {nested && <Dialog title="Remove the card?" trigger={<button type="button">Remove</button>} />}
      </Dialog>
    </>
  );
}

const overflow = () => document.documentElement.style.overflow;

// Radix's first import and jsdom's focus handling take seconds on a busy CI host
describe('the dialog', { timeout: 20_000 }, () => {
  it('gives focus back to what opened it when the page opened it, past a field that took focus inside', async () => {
    render(<Page />);
    const button = screen.getByRole('button', { name: 'Rename' });
    button.focus();
    act(() => button.click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('keeps the page from scrolling until the last open dialog closes', async () => {
    render(<Page nested />);
    expect(overflow()).toBe('');
    act(() => screen.getByRole('button', { name: 'Rename' }).click());
    await screen.findByRole('dialog', { name: 'Rename the card' });
    expect(overflow()).toBe('hidden');
    act(() => screen.getByRole('button', { name: 'Remove' }).click());
    await screen.findByRole('dialog', { name: 'Remove the card?' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove the card?' })).toBeNull());
    expect(overflow()).toBe('hidden');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(overflow()).toBe('');
  });
});

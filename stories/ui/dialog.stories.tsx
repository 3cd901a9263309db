import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useState } from 'react';
import { Button } from '../../src/ui/button/button';
import { Dialog, DialogClose } from '../../src/ui/dialog/dialog';
import { TextField } from '../../src/ui/text-field/text-field';
import { AppToastContainer, toast } from '../../src/ui/toast/app-toast-container';
import { DIALOGS_IN_FRAMES } from '../fixtures/docs';

const meta = {
  title: 'UI/Dialog',
  parameters: { docs: { story: DIALOGS_IN_FRAMES } },
  component: Dialog,
  args: {
    title: 'Redeem Free Latte?',
    description: '1,200 points will be taken from your balance.',
    trigger: <Button>Redeem</Button>,
    footer: (
      <>
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <DialogClose>
          <Button>Redeem now</Button>
        </DialogClose>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KeyboardOpenClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Redeem' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body.findByRole('dialog', { name: 'Redeem Free Latte?' });
    await expect(dialog).toHaveAccessibleDescription('1,200 points will be taken from your balance.');
    // Focus moves into the dialog and Escape closes it, returning focus to the trigger.
    await waitFor(() => expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const WithoutDescription: Story = {
  args: { defaultOpen: true, description: undefined, title: 'Choose a size', children: <p className="text-muted">Regular or large.</p> },
};

/** A dialog the page opens (no trigger), with a field that takes the focus: it goes back to the button on close. */
function OpenedByThePage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Rename</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Rename the card">
        <TextField label="Name" defaultValue="Kopi card" autoFocus />
      </Dialog>
    </>
  );
}

export const FocusBackToWhatOpenedIt: Story = {
  render: () => <OpenedByThePage />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const button = within(canvasElement).getByRole('button', { name: 'Rename' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body.findByRole('dialog', { name: 'Rename the card' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** Tab stays inside the dialog: after its last control comes its first. */
export const TabStaysInside: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Redeem' }));
    const dialog = await body.findByRole('dialog', { name: 'Redeem Free Latte?' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Redeem now' })).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(within(dialog).getByRole('button', { name: 'Redeem now' })).toHaveFocus();
  },
};

/** A dialog opened from another stacks above it; Escape closes the top one alone, and focus goes back step by step. */
export const Nested: Story = {
  args: {
    title: 'Your order',
    description: undefined,
    trigger: <Button>Order</Button>,
    footer: undefined,
    children: <Dialog title="Remove the latte?" trigger={<Button variant="danger">Remove</Button>} />,
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Order' }));
    const outer = await body.findByRole('dialog', { name: 'Your order' });
    const remove = within(outer).getByRole('button', { name: 'Remove' });
    await userEvent.click(remove);
    const inner = await body.findByRole('dialog', { name: 'Remove the latte?' });
    // the inner one is drawn above the outer one: later in the page, in a layer as high
    await expect(outer.compareDocumentPosition(inner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Remove the latte?' })).toBeNull());
    await expect(body.getByRole('dialog', { name: 'Your order' })).toBeVisible();
    await waitFor(() => expect(remove).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** The page does not scroll under an open dialog, and does again once it closes; a click outside it closes it. */
export const PageStaysPut: Story = {
  render: (args) => (
    <div className="h-[300vh]">
      <Dialog {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const doc = canvasElement.ownerDocument;
    const body = within(doc.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Redeem' }));
    const dialog = await body.findByRole('dialog', { name: String(args.title) });
    await expect(getComputedStyle(doc.documentElement).overflow).toBe('hidden');
    // what a press at the top-left corner lands on: not the dialog (the backdrop lets it through to the page)
    const outside = doc.elementFromPoint(4, 4) as HTMLElement;
    await expect(dialog.contains(outside)).toBe(false);
    await userEvent.click(outside);
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(getComputedStyle(doc.documentElement).overflow).not.toBe('hidden');
  },
};

/** Over the toasts: a toast shown while a dialog is open is drawn under it (the dialog says itself what it has to say). */
export const OverToasts: Story = {
  render: (args) => (
    <>
      <Dialog {...args} />
      <AppToastContainer />
    </>
  ),
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Redeem' }));
    const dialog = await body.findByRole('dialog', { name: String(args.title) });
    toast.info('Your order is ready');
    const message = await body.findByText('Your order is ready');
    // both are fixed boxes in the page's own stacking context: the higher z-index is drawn on top
    const layer = (el: Element) => {
      let at: Element | null = el;
      while (at && getComputedStyle(at).position !== 'fixed') at = at.parentElement;
      return Number(getComputedStyle(at!).zIndex);
    };
    await expect(layer(dialog)).toBeGreaterThan(layer(message));
  },
};

/** A dialog the page opens by itself (a saved form's editor, a deep link), not from a press. */
function OpensByItself() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setTimeout(() => setOpen(true), 0)}>Open in a moment</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Add an offer">
        <TextField label="Title" />
      </Dialog>
    </>
  );
}

/**
 * A dialog takes a tap from the moment the page under it stops taking them. Radix turns the page's
 * pointer off as soon as the dialog is there and gives the dialog its own back one render later; a tap in
 * between (a quick finger, a test) landed on nothing. The dialog's own is on from the start.
 */
export const TakesATapAtOnce: Story = {
  render: () => <OpensByItself />,
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    // what the dialog answers to a tap at the very moment the page's pointer goes off
    const seen = new Promise<string>((resolve) => {
      const watch = new MutationObserver(() => {
        if (doc.body.style.pointerEvents !== 'none') return;
        watch.disconnect();
        const dialog = doc.querySelector('[role="dialog"]');
        resolve(dialog ? getComputedStyle(dialog).pointerEvents : 'no dialog');
      });
      watch.observe(doc.body, { attributes: true, attributeFilter: ['style'] });
    });
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open in a moment' }));
    await expect(await seen).toBe('auto');
    const dialog = await within(doc.body).findByRole('dialog', { name: 'Add an offer' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Coffee and a pastry');
    await expect(within(dialog).getByLabelText('Title')).toHaveValue('Coffee and a pastry');
  },
};

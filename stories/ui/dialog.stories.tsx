import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui/button/button';
import { Dialog, DialogClose } from '../../src/ui/dialog/dialog';

const meta = {
  title: 'UI/Dialog',
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

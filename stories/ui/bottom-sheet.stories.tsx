import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BottomSheet, BottomSheetClose } from '../../src/ui/bottom-sheet/bottom-sheet';
import { Button } from '../../src/ui/button/button';
import { DIALOGS_IN_FRAMES } from '../fixtures/docs';

const meta = {
  title: 'UI/Bottom sheet',
  parameters: { docs: { story: DIALOGS_IN_FRAMES } },
  component: BottomSheet,
  args: {
    title: 'Pick up or delivery?',
    trigger: <Button>Choose how to get it</Button>,
    children: (
      <div className="flex flex-col gap-2">
        <BottomSheetClose>
          <Button variant="secondary" fullWidth>
            Pick up at the counter
          </Button>
        </BottomSheetClose>
        <BottomSheetClose>
          <Button variant="secondary" fullWidth>
            Deliver to my address
          </Button>
        </BottomSheetClose>
      </div>
    ),
  },
} satisfies Meta<typeof BottomSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Choose how to get it' }));
    const sheet = await body.findByRole('dialog', { name: 'Pick up or delivery?' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Pick up at the counter' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};
export const Open: Story = { args: { defaultOpen: true } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../src/ui/button/button';
import { EmptyState } from '../../src/ui/empty-state/empty-state';
import { ErrorState } from '../../src/ui/error-state/error-state';
import { GiftIcon } from '../../src/ui/icon/icon';

const meta = { title: 'UI/States', component: EmptyState } satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  args: {
    title: 'No vouchers yet',
    description: 'Redeem a reward with your points and it will wait for you here.',
    icon: <GiftIcon size={40} />,
    action: <Button variant="secondary">Browse rewards</Button>,
  },
};

export const Error: StoryObj<typeof ErrorState> = {
  args: { onRetry: fn() },
  render: (args) => <ErrorState {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const ErrorRetrying: StoryObj<typeof ErrorState> = {
  args: { onRetry: fn(), retrying: true, title: 'Could not load your orders' },
  render: (args) => <ErrorState {...args} />,
};

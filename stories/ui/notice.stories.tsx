import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../../src/ui/button/button';
import { Notice } from '../../src/ui/notice/notice';

const meta = {
  title: 'UI/Notice',
  component: Notice,
  args: { title: 'Your cart changed', children: 'The Iced Latte sold out, so it was taken off your order.' },
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { tone: 'info' } };
export const Warning: Story = { args: { tone: 'warning' } };
export const Success: Story = { args: { tone: 'success', title: 'Address saved', children: undefined } };
export const Danger: Story = {
  args: { tone: 'danger', title: 'We could not place your order', children: 'Please try again in a moment.', action: <Button size="sm">Try again</Button> },
  play: async ({ canvasElement }) => {
    // a danger notice is announced at once, the others politely
    await expect(within(canvasElement).getByRole('alert')).toBeTruthy();
  },
};

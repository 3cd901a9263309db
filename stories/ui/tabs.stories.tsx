import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from '../../src/ui/tabs/tabs';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: {
    label: 'Voucher status',
    items: [
      { value: 'active', label: 'Active', content: <p>2 vouchers ready to use.</p> },
      { value: 'used', label: 'Used', content: <p>5 vouchers used.</p> },
      { value: 'expired', label: 'Expired', content: <p>1 voucher expired.</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Active' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const used = canvas.getByRole('tab', { name: 'Used' });
    await expect(used).toHaveFocus();
    await expect(used).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('5 vouchers used.');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Expired' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  },
};
export const StartsOnUsed: Story = { args: { defaultValue: 'used' } };

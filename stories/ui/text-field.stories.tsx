import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TextField } from '../../src/ui/text-field/text-field';

const meta = {
  title: 'UI/Text field',
  component: TextField,
  args: { label: 'E-mail', type: 'email', placeholder: 'you@example.com' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'We send your receipts here.' } };
export const WithError: Story = {
  args: { defaultValue: 'not-an-email', error: 'Enter an e-mail address like name@example.com', hint: 'We send your receipts here.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('E-mail');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Enter an e-mail address/);
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'ayu@example.com' } };

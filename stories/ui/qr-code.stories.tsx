import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QrCode } from '../../src/ui/qr-code/qr-code';

const meta = {
  title: 'UI/QR code',
  component: QrCode,
  args: { value: 'KOPI-7F3A-2C9D', label: 'QR code for voucher KOPI-7F3A-2C9D' },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Voucher: Story = {
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'QR code for voucher KOPI-7F3A-2C9D' });
    await expect(img.tagName.toLowerCase()).toBe('svg');
    await expect(canvasElement.querySelector('canvas')).toBeNull();
  },
};
export const Small: Story = { args: { size: 120 } };

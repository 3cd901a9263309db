import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QrCode } from '../../src/ui/qr-code/qr-code';

/**
 * A code the counter scans: a voucher's rotating code on the redeem screen, the theme studio's preview link.
 *
 * - **Drawing**: one SVG path of dark modules (no canvas, so it is sharp at any size and prints), with the
 *   four-module quiet zone scanners need, dark ink on the raised surface, which stays white in every theme:
 *   a brand colour would lower the contrast scanners rely on.
 * - **`label`** is required: the accessible name says what the code is for ("QR code for voucher
 *   KOPI-7F3A-2C9D"); a voucher's screen also shows the code as text ("Or tell them this code"), for a
 *   counter whose scanner fails.
 * - **`size`**: 200 px by default (the SVG scales crisply). `errorCorrectionLevel` `M` by default; `L` for a
 *   long value (a link) that must stay coarse enough to scan from a screen.
 */
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

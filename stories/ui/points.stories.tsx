import type { Meta, StoryObj } from '@storybook/react-vite';
import { Points } from '../../src/ui/points/points';
import { radio } from '../fixtures/controls';

/**
 * A number of loyalty points, written once for the whole app: the balance on Home, a reward's price, a
 * history row's "+150 points".
 *
 * - **Formatting**: `Intl.NumberFormat` in the merchant's `locale` (12.500 in `id-ID`, 12,500 in `en-PH`),
 *   "1 point" and otherwise "points" (or the `unit` given); tabular figures, so columns of points line up.
 * - **`signed`**: for history rows, a leading + or − (not for zero); a balance is never signed.
 * - **`showIcon`**: the star before the number where points stand alone (the balance); left out in
 *   sentences and rows where the word "points" is enough. The star is decoration: the text says it all.
 * - Money is never shown with it: prices go through `Money`.
 */
const meta = {
  title: 'UI/Points',
  component: Points,
  args: { value: 12500, locale: 'id-ID', showIcon: true },
  argTypes: { locale: radio(['id-ID', 'en-PH', 'en-US'] as const) },
} satisfies Meta<typeof Points>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Balance: Story = {};
export const Earned: Story = { args: { value: 150, signed: true, showIcon: false } };
export const Spent: Story = { args: { value: -1200, signed: true, showIcon: false } };
export const One: Story = { args: { value: 1 } };

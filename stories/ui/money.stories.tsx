import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Money } from '../../src/ui/money/money';

const meta = { title: 'UI/Money', component: Money, args: { amount: 45000, currency: 'IDR', locale: 'id-ID' } } satisfies Meta<typeof Money>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Rupiah: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Rp\s45\.000/)).toBeInTheDocument();
  },
};
/** 1234 minor units of USD are $12.34: the scale comes from Intl's fraction digits. */
export const Dollars: Story = { args: { amount: 1234, currency: 'USD', locale: 'en-US' } };
export const Yen: Story = { args: { amount: 1500, currency: 'JPY', locale: 'ja-JP' } };
export const Zero: Story = { args: { amount: 0 } };

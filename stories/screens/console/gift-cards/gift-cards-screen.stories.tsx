import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { GiftCardsScreen } from '../../../../src/screens/console/gift-cards/gift-cards-screen';
import { OWNER } from '../../../fixtures/console';
import { giftCardSettings } from '../../../fixtures/gift-cards';

/**
 * /merchant/gift-cards (owners; issue 49): whether customers can send gift cards, the
 * amounts (fixed ones and a range of the sender's own), expiry (never by default, with why), the designs
 * and the messages they suggest.
 */
const meta = {
  title: 'Console/Gift cards/Gift cards',
  component: GiftCardsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    settings: giftCardSettings,
    canEdit: true,
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
  },
  argTypes: { settings: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="giftCards" title="Gift cards" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <GiftCardsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof GiftCardsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On, three amounts and a range of the sender's own, cards that never expire; saved as typed. */
export const Settings: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByLabelText(/^Amounts to choose from/)).toHaveValue('500.00, 1000.00, 2000.00');
    await userEvent.click(page.getByRole('button', { name: 'Save gift cards' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ enabled: true, amounts: [50_000, 100_000, 200_000], custom: { min: 20_000, max: 1_000_000 }, expiry_months: null }),
    );
    await expect(await page.findByText(/^Saved\./)).toBeVisible();
  },
};

/** An amount that is no amount, and months out of range, are named before anything is sent. */
export const Mistakes: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const amounts = page.getByLabelText(/^Amounts to choose from/);
    await userEvent.clear(amounts);
    await userEvent.type(amounts, '500, lots');
    await userEvent.click(page.getByLabelText('Cards expire'));
    await userEvent.type(page.getByLabelText(/^Months after they are sent/), '3');
    await userEvent.click(page.getByRole('button', { name: 'Save gift cards' }));
    await expect(page.getByText('The amounts must be amounts such as 500.00: “lots” is not one.')).toBeVisible();
    await expect(page.getByText(/The months must be from 12 to 120 months/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Off: sent cards keep working. */
export const Off: Story = { args: { settings: { ...giftCardSettings, enabled: false } } };

export const Loading: Story = { tags: ['!screen'], args: { settings: undefined, loading: true } };

export const LoadError: Story = { args: { settings: undefined, error: 'We could not reach the server.' } };

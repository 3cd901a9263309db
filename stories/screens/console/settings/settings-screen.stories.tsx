import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { SettingsScreen } from '../../../../src/screens/console/settings/settings-screen';
import { OWNER } from '../../../fixtures/console';
import { EDITOR_REWARDS, SHOP_SETTINGS } from '../../../fixtures/editors';

/** /merchant/settings (owners): the shop's name, contact and links, region, points, birthdays, referrals, customer accounts, orders and top-ups. */
const meta = {
  title: 'Console/Settings/Settings',
  component: SettingsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    settings: SHOP_SETTINGS,
    rewards: EDITOR_REWARDS.filter((r) => r.active).map((r) => ({ name: r.name, title: r.title })),
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="settings" title="Settings" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <SettingsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = { args: { settings: undefined, loading: true } };

export const LoadError: Story = { args: { settings: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** A new contact phone, delivery fee, daily counter cap and birthday treat, typed as people write them: only what changed is sent, and the page says when customers see it; pickup addresses are the locations'. */
export const Saved: Story = {
  args: { locationsHref: '/merchant/locations' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Contact phone (optional)'));
    await userEvent.type(canvas.getByLabelText('Contact phone (optional)'), '+63 917 555 0101');
    await userEvent.clear(canvas.getByLabelText('Delivery fee (PHP)'));
    await userEvent.type(canvas.getByLabelText('Delivery fee (PHP)'), '₱ 59.50');
    await userEvent.click(canvas.getByLabelText('The delivery fee earns points too'));
    await userEvent.clear(canvas.getByLabelText('Most points a customer can earn at the counter in a day'));
    await userEvent.type(canvas.getByLabelText('Most points a customer can earn at the counter in a day'), '1,000');
    // the birthday treat: a reward of the catalogue, from 3 days before (the points field goes away)
    await userEvent.selectOptions(canvas.getByLabelText('Birthday treat'), 'A reward from your catalogue');
    await expect(canvas.queryByLabelText('Birthday points')).toBeNull();
    // chosen by its title from the catalogue's active rewards
    await userEvent.selectOptions(canvas.getByLabelText('Birthday reward'), 'Butter Croissant');
    await userEvent.clear(canvas.getByLabelText('Days before the birthday the treat comes'));
    await userEvent.type(canvas.getByLabelText('Days before the birthday the treat comes'), '3');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      contact_phone: '+63 917 555 0101',
      delivery_fee: 5950,
      delivery_fee_earns_points: true,
      counter_points_per_customer_per_day: 1000,
      birthday_reward: 'reward',
      birthday_reward_name: 'butter-croissant',
      birthday_window_days: 3,
    });
    await expect(await canvas.findByText('Saved. Customers see it within 15 seconds.')).toBeVisible();
    // the page's own link (the console's menu has one too)
    await expect(within(canvas.getByRole('form', { name: 'Shop settings' })).getByRole('link', { name: 'Locations' })).toHaveAttribute(
      'href',
      '/merchant/locations',
    );
  },
};

/** While it saves, the button says so and cannot be pressed twice. */
export const Saving: Story = {
  args: { onSave: fn(() => new Promise<SaveProblem | null>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Short name'));
    await userEvent.type(canvas.getByLabelText('Short name'), 'Kopi');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(canvas.getByRole('button', { name: /Save settings/ })).toHaveAttribute('aria-busy', 'true');
  },
};

/** A word where money goes is refused on its field before anything is sent; the provider's refusals show on theirs. */
export const FieldErrors: Story = {
  args: {
    onSave: fn(async () => ({
      message: 'Please check the highlighted fields.',
      fields: {
        short_name: 'must be at most 12 characters',
        topup_presets: 'must each be between the top-up minimum and maximum',
        timezone: 'must be a time zone such as Asia/Manila',
        counter_points_per_staff_per_day: 'must be at most 10,000,000 points',
      },
    })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Minimum order (PHP)'));
    await userEvent.type(canvas.getByLabelText('Minimum order (PHP)'), 'about 150');
    await userEvent.clear(canvas.getByLabelText('Most points a customer can earn at the counter in a day'));
    await userEvent.type(canvas.getByLabelText('Most points a customer can earn at the counter in a day'), '2.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(await canvas.findByText(/The minimum order must be an amount such as/)).toBeVisible();
    await expect(canvas.getByText('The daily points per customer must be a whole number of points.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Most points a customer can earn at the counter in a day'));
    await userEvent.type(canvas.getByLabelText('Most points a customer can earn at the counter in a day'), '500');
    await userEvent.clear(canvas.getByLabelText('Minimum order (PHP)'));
    await userEvent.type(canvas.getByLabelText('Minimum order (PHP)'), '150');
    await userEvent.type(canvas.getByLabelText('Quick amount 5'), '3000');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({ topup_presets: [10_000, 50_000, 100_000, 200_000, 300_000] });
    await expect(await canvas.findByText('The quick amounts must each be between the top-up minimum and maximum.')).toBeVisible();
    await expect(canvas.getByText('The short name must be at most 12 characters.')).toBeVisible();
    await expect(canvas.getByText('The daily points per staff member must be at most 10,000,000 points.')).toBeVisible();
  },
};

/** What the provider would refuse shows at once, in one round, with the provider's own words: nothing is sent. */
export const AllErrorsAtOnce: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Contact e-mail (optional)'));
    await userEvent.type(canvas.getByLabelText('Contact e-mail (optional)'), 'hello@kopisenja');
    await userEvent.clear(canvas.getByLabelText('Days points last'));
    await userEvent.type(canvas.getByLabelText('Days points last'), '0');
    await userEvent.clear(canvas.getByLabelText('Smallest top-up (PHP)'));
    await userEvent.type(canvas.getByLabelText('Smallest top-up (PHP)'), '1000');
    await userEvent.clear(canvas.getByLabelText('Largest top-up (PHP)'));
    await userEvent.type(canvas.getByLabelText('Largest top-up (PHP)'), '500');
    await userEvent.clear(canvas.getByLabelText('Minimum order (PHP)'));
    await userEvent.type(canvas.getByLabelText('Minimum order (PHP)'), 'about 150');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(await canvas.findByText(/The minimum order must be an amount such as/)).toBeVisible();
    await expect(canvas.getByText(/^The contact e-mail must be/)).toBeVisible();
    await expect(canvas.getByText(/^The days points last must be at least 1/i)).toBeVisible();
    await expect(canvas.getByText(/must be at most the top-up maximum\.$/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Customers have paid in pesos: the currency says why it cannot change, and a refusal shows on it. */
export const CurrencyLocked: Story = {
  args: {
    settings: { ...SHOP_SETTINGS, currency_locked: true },
    onSave: fn(async () => ({
      message: 'The currency cannot change once customers have paid or topped up in it.',
      fields: { currency: 'cannot change once customers have paid or topped up in it' },
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Currency')).toBeDisabled();
    await expect(canvas.getAllByText('The currency cannot change once customers have paid or topped up in it.')[0]).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Locale'));
    await userEvent.type(canvas.getByLabelText('Locale'), 'en-US');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(canvas.getByLabelText('Currency')).toHaveAttribute('aria-invalid', 'true');
    await expect((await canvas.findAllByText('The currency cannot change once customers have paid or topped up in it.')).length).toBeGreaterThan(1);
  },
};

/**
 * The referral reward beside the birthday treat: a reward of the catalogue needs one chosen (checked
 * before anything is sent, as the provider checks it), then the monthly cap; only what changed is sent.
 */
export const ReferralReward: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Referral points')).toHaveValue('100');
    await userEvent.selectOptions(canvas.getByLabelText('Referral reward'), 'A reward from your catalogue');
    await expect(canvas.queryByLabelText('Referral points')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(canvas.getByLabelText('Referral reward from the catalogue')).toHaveAccessibleDescription(
      expect.stringContaining('The referral reward is required when the referral reward is a reward.'),
    );
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.selectOptions(canvas.getByLabelText('Referral reward from the catalogue'), 'Free Latte');
    await userEvent.clear(canvas.getByLabelText('Most referral rewards a customer can get in a month'));
    await userEvent.type(canvas.getByLabelText('Most referral rewards a customer can get in a month'), '5');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({ referral_reward: 'reward', referral_reward_name: 'free-latte', referral_monthly_cap: 5 });
    await expect(await canvas.findByText('Saved. Customers see it within 15 seconds.')).toBeVisible();
    // off: the cap goes away with the rest
    await userEvent.selectOptions(canvas.getByLabelText('Referral reward'), 'No referral reward');
    await expect(canvas.queryByLabelText('Most referral rewards a customer can get in a month')).toBeNull();
  },
};

/**
 * The links to the shop's privacy notice and terms (shown at sign-up) and the days a deleted account
 * waits: a link that is no https:// address is refused on its field before anything is sent; an empty
 * one takes the link away; the provider's refusal of the days shows on their field.
 */
export const LinksAndCoolingOff: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Privacy notice link (optional)')).toHaveValue('https://kopisenja.ph/privacy');
    await expect(canvas.getByLabelText('Terms link (optional)')).toHaveValue('https://kopisenja.ph/terms');
    await expect(canvas.getByLabelText('Cooling-off days for a deleted account')).toHaveValue('14');
    await expect(canvas.getByLabelText('Cooling-off days for a deleted account')).toHaveAccessibleDescription(
      expect.stringContaining('Signing in before then keeps it.'),
    );
    await userEvent.clear(canvas.getByLabelText('Privacy notice link (optional)'));
    await userEvent.type(canvas.getByLabelText('Privacy notice link (optional)'), 'javascript:alert(1)');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(canvas.getByLabelText('Privacy notice link (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('The privacy notice link must be an https:// address'),
    );
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Privacy notice link (optional)'));
    await userEvent.type(canvas.getByLabelText('Privacy notice link (optional)'), 'https://kopisenja.ph/privacy-2027');
    await userEvent.clear(canvas.getByLabelText('Terms link (optional)'));
    await userEvent.clear(canvas.getByLabelText('Cooling-off days for a deleted account'));
    await userEvent.type(canvas.getByLabelText('Cooling-off days for a deleted account'), '30');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({ privacy_url: 'https://kopisenja.ph/privacy-2027', terms_url: '', deletion_cooling_off_days: 30 });
    await expect(await canvas.findByText('Saved. Customers see it within 15 seconds.')).toBeVisible();
  },
};

/** The provider refuses a cooling-off period out of bounds: its words show on the field. */
export const CoolingOffRefused: Story = {
  tags: ['!screen'],
  args: {
    onSave: fn(async (): Promise<SaveProblem | null> => ({
      message: 'Please check the highlighted fields.',
      fields: { deletion_cooling_off_days: 'must be at most 90' },
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Cooling-off days for a deleted account'));
    await userEvent.type(canvas.getByLabelText('Cooling-off days for a deleted account'), '91');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(await canvas.findByText('The cooling-off days must be at most 90.')).toBeVisible();
    await expect(canvas.getByLabelText('Cooling-off days for a deleted account')).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * The currency and the time zone are typed or picked: the browser's suggestions narrow to what is
 * typed (a code or a name, a city), from the current ISO 4217 codes and one name for each zone, each
 * labelled; what is not on the lists is refused on its field before anything is sent.
 */
export const CurrencyAndTimeZone: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const currency = canvas.getByRole('combobox', { name: 'Currency' });
    const zone = canvas.getByRole('combobox', { name: 'Time zone' });
    const optionsOf = (input: HTMLElement) => [...(input as HTMLInputElement).list!.options].map((o) => [o.value, o.label]);
    const currencies = optionsOf(currency);
    await expect(currencies).toContainEqual(['PHP', 'PHP · Philippine Peso']);
    await expect(currencies.map(([code]) => code)).not.toContain('HRK');
    await expect(currencies.map(([code]) => code)).not.toContain('XDR');
    const zones = optionsOf(zone);
    await expect(zones).toContainEqual(['Asia/Manila', 'Manila (Asia) · GMT+8']);
    await expect(zones.map(([name]) => name)).not.toContain('US/Eastern');
    await expect(currency).toHaveAccessibleDescription(expect.stringContaining('Philippine Peso.'));
    await expect(zone).toHaveAccessibleDescription(expect.stringContaining('Manila (Asia) · GMT+8.'));
    // a word that is on neither list
    await userEvent.clear(currency);
    await userEvent.type(currency, 'pesos');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Manila');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(currency).toHaveAccessibleDescription(expect.stringContaining('The currency must be a code from the list, such as PHP'));
    await expect(zone).toHaveAccessibleDescription(expect.stringContaining('The time zone must be a zone from the list, such as Asia/Manila'));
    await expect(args.onSave).not.toHaveBeenCalled();
    // a code in small letters, a zone as listed
    await userEvent.clear(currency);
    await userEvent.type(currency, 'sgd');
    await expect(currency).toHaveAccessibleDescription(expect.stringContaining('Singapore Dollar.'));
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Asia/Singapore');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({ currency: 'SGD', timezone: 'Asia/Singapore' });
  },
};

/** Taxes (issue 51): VAT at 12 %, typed as a percentage, sent in basis points; prices said to include it; the tax number. */
export const Taxes: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Tax 1 name'), 'VAT');
    await userEvent.type(canvas.getByLabelText('Tax 1 rate (%)'), '12');
    await userEvent.type(canvas.getByLabelText('Tax 2 name'), 'Service');
    await userEvent.type(canvas.getByLabelText('Tax 2 rate (%)'), '0.5');
    await userEvent.type(canvas.getByLabelText('Tax number'), 'TIN 123-456-789-000');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      tax_rates: [
        { name: 'VAT', rate: 1200 },
        { name: 'Service', rate: 50 },
      ],
      tax_number: 'TIN 123-456-789-000',
    });
  },
};

/** A rate without its name (or a name without a rate) is said before anything is sent. */
export const TaxRateHalfTyped: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Tax 1 rate (%)'), '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(await canvas.findByText('The tax rates must each have a name and a percentage such as 12 or 0.5.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

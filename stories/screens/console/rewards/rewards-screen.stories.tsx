import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { RewardsEditorScreen } from '../../../../src/screens/console/rewards/rewards-screen';
import { OWNER } from '../../../fixtures/console';
import { EDITOR_REWARDS, EDITOR_REWARDS_WITH_PRODUCTS, REWARD_PRODUCTS } from '../../../fixtures/editors';

/** /merchant/rewards (owners): what customers get for their points, its stock, validity, and an amount off or a free product. */
const meta = {
  title: 'Console/Rewards/Rewards',
  component: RewardsEditorScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    rewards: EDITOR_REWARDS,
    products: REWARD_PRODUCTS,
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
    onUpload: fn(async () => '/fixtures/rewards/free-latte.svg'),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="rewards" title="Rewards" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <RewardsEditorScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof RewardsEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = { args: { rewards: undefined, loading: true } };

export const LoadError: Story = { args: { rewards: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = { args: { rewards: [] } };

/** Changing the cost and giving a stock: the form sends whole numbers, never text. */
export const EditCostAndStock: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Butter Croissant' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Butter Croissant' }));
    await userEvent.clear(dialog.getByLabelText('Points it costs'));
    await userEvent.type(dialog.getByLabelText('Points it costs'), '90');
    await userEvent.click(dialog.getByLabelText('Unlimited stock'));
    await userEvent.type(dialog.getByLabelText(/^Stock/), 'lots');
    await userEvent.click(dialog.getByRole('button', { name: 'Save reward' }));
    await expect(await dialog.findByText(/must be a whole number \(or tick Unlimited\)/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(dialog.getByLabelText(/^Stock/));
    await userEvent.type(dialog.getByLabelText(/^Stock/), '400');
    await userEvent.click(dialog.getByRole('button', { name: 'Save reward' }));
    await expect(args.onSave).toHaveBeenCalledWith('butter-croissant', expect.objectContaining({ points_cost: 90, stock_total: 400, valid_days: 14 }));
  },
};

/** The provider refused: below what was already redeemed. */
export const StockRefused: Story = {
  // its play function focuses what the layout places: each screenshot pair plays it again
  parameters: { screenshotReplay: true },
  args: { onSave: fn(async () => ({ message: 'Check the stock.', fields: { stock_total: 'must be at least 126, the vouchers already redeemed' } })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Free Latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Free Latte' }));
    await userEvent.clear(dialog.getByLabelText(/^Stock/));
    await userEvent.type(dialog.getByLabelText(/^Stock/), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Save reward' }));
    await expect(await dialog.findByText(/must be at least 126/)).toBeVisible();
  },
};

/** Translations: the title and description per language beside the originals; a refused one shows on its field. */
export const RewardTranslations: Story = {
  parameters: { screenshotReplay: true },
  args: { onSave: fn(async () => ({ message: 'Check the highlighted fields.', fields: { 'translations.id.title': 'must be at most 80 characters' } })) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Free Latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Free Latte' }));
    const group = within(dialog.getByRole('group', { name: 'Translations' }));
    await expect(group.getByLabelText('Title in Filipino (optional)')).toHaveValue('Libreng latte');
    await userEvent.type(group.getByLabelText('Title in Bahasa Indonesia (optional)'), 'Latte gratis');
    await userEvent.click(dialog.getByRole('button', { name: 'Save reward' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      'free-latte',
      expect.objectContaining({ translations: { fil: { title: 'Libreng latte' }, id: { title: 'Latte gratis' } } }),
    );
    await expect(await dialog.findByText('The Bahasa Indonesia title must be at most 80 characters.')).toBeVisible();
  },
};

/** A new reward: the defaults, then the name is required. */
export const AddReward: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a reward' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a reward' }));
    await userEvent.click(dialog.getByRole('button', { name: /^(Add|Save) reward$/ }));
    await expect(await dialog.findByText(/The name is required/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Rewards that give a product: one on the menu, one whose product was archived since (the counter still honours it). */
export const FreeProducts: Story = {
  args: { rewards: EDITOR_REWARDS_WITH_PRODUCTS },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Free Ube latte/)).toBeVisible();
    await expect(canvas.getByText(/Free Mango fruit tea \(archived: at the counter only\)/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Free Ube Latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Free Ube Latte' }));
    await expect(dialog.getByLabelText('What the voucher gives')).toHaveValue('product');
    await expect(dialog.getByLabelText('Free product')).toHaveValue('7');
    await userEvent.selectOptions(dialog.getByLabelText('Free product'), 'Cappuccino · Coffee');
    await userEvent.click(dialog.getByRole('button', { name: 'Save reward' }));
    await expect(args.onSave).toHaveBeenCalledWith('free-ube-latte', expect.objectContaining({ product_id: 4, discount_amount: 0 }));
  },
};

/** A new free-product reward: the product must be chosen before anything is sent. */
export const AddFreeProduct: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a reward' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a reward' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'Free pandesal');
    await userEvent.selectOptions(dialog.getByLabelText('What the voucher gives'), 'A free product');
    await userEvent.click(dialog.getByRole('button', { name: 'Add reward' }));
    await expect(await dialog.findByText('The product must be chosen.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.selectOptions(dialog.getByLabelText('Free product'), 'Ube cheese pandesal · Pastries');
    await userEvent.click(dialog.getByRole('button', { name: 'Add reward' }));
    await expect(args.onSave).toHaveBeenCalledWith(null, expect.objectContaining({ title: 'Free pandesal', product_id: 15, discount_amount: 0 }));
  },
};

/** A reward whose product was archived: the form says what that means and keeps it until another is chosen. */
export const ArchivedProduct: Story = {
  args: { rewards: EDITOR_REWARDS_WITH_PRODUCTS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Free Mango Tea' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Free Mango Tea' }));
    await expect(dialog.getByLabelText('Free product')).toHaveValue('11');
    await expect(dialog.getByText(/Mango fruit tea is archived: the counter still honours these vouchers/)).toBeVisible();
  },
};

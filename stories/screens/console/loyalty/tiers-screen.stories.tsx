import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { LoyaltyNav } from '../../../../src/screens/console/loyalty/loyalty-nav';
import { TiersScreen } from '../../../../src/screens/console/loyalty/tiers-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { TIER_REWARDS, TIERS, TIERS_OFF } from '../../../fixtures/console-tiers';

/** /merchant/loyalty/tiers (owners change, staff read): the tier programme, customers in each tier, and who is close to the next. */
const meta = {
  title: 'Console/Loyalty/Tiers',
  component: TiersScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    program: TIERS,
    canEdit: true,
    rewards: TIER_REWARDS,
    locale: 'en-PH',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={args.canEdit ? OWNER : STAFF_MEMBER} current="loyalty" title="Tiers" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <LoyaltyNav current="tiers" />
      <TiersScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof TiersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Bean, Brew and Barista on points earned, each with its rewards; how many customers are in each, and who is closest to the next. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Tiers on' })).toHaveAttribute('aria-checked', 'true');
    await expect(canvas.getByRole('radio', { name: 'Points earned in the last 12 months' })).toBeChecked();
    const tiers = canvas.getByRole('list', { name: 'Tiers' });
    await expect(within(tiers).getAllByRole('listitem')).toHaveLength(3);
    const barista = within(canvas.getByRole('listitem', { name: '3. Barista' }));
    await expect(barista.getByLabelText('From (points)')).toHaveValue('1500');
    await expect(barista.getByLabelText('Welcome reward')).toHaveDisplayValue('Free Latte');
    await expect(barista.getByRole('checkbox', { name: '20% off your next order' })).toBeChecked();
    // the first tier starts at 0 and cannot be removed
    await expect(canvas.queryByRole('button', { name: 'Remove Bean' })).toBeNull();
    const counts = within(canvas.getByRole('list', { name: 'Customers in each tier' }));
    await expect(counts.getByText(/1,184 customers/)).toBeVisible();
    await expect(counts.getByText('(75%)')).toBeVisible();
    const close = within(canvas.getByRole('list', { name: 'Close to the next tier' }));
    await expect(close.getByText('Brew → Barista: 40 more points to Barista')).toBeVisible();
  },
};

/**
 * An owner adds a fourth tier whose threshold is below Barista's: the contract's check says so on the
 * field and nothing is sent; then the provider refuses a reward, shown on that tier's field.
 */
export const FieldErrors: Story = {
  args: {
    onSave: fn(async (): Promise<SaveProblem | null> => ({ message: '', fields: { 'tiers.3.welcome_reward_id': 'is not an active reward' } })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a tier' }));
    const fourth = within(canvas.getByRole('listitem', { name: '4. Tier 4' }));
    await userEvent.type(fourth.getByLabelText('Name'), 'Roaster');
    const roaster = within(canvas.getByRole('listitem', { name: '4. Roaster' }));
    await userEvent.type(roaster.getByLabelText('From (points)'), '1000');
    await userEvent.click(canvas.getByRole('button', { name: 'Save tiers' }));
    await expect(roaster.getByLabelText('From (points)')).toHaveAccessibleDescription(
      expect.stringContaining("The threshold must be more than Barista's 1,500."),
    );
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(roaster.getByLabelText('From (points)'));
    await userEvent.type(roaster.getByLabelText('From (points)'), '3000');
    await userEvent.selectOptions(roaster.getByLabelText('Welcome reward'), 'Butter Croissant');
    await userEvent.click(canvas.getByRole('button', { name: 'Save tiers' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(await roaster.findByText('The welcome reward is not an active reward.')).toBeVisible();
    await expect(canvas.getByText('Please check the highlighted fields.')).toBeVisible();
  },
};

/** Save by keyboard: tiers off, visits counting, Brew's multiplier and an early-access reward, Barista removed; the exact body sent. */
export const SaveProgramme: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('switch', { name: 'Tiers on' }).focus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('switch', { name: 'Tiers on' })).toHaveAttribute('aria-checked', 'false');
    await expect(canvas.getByText(/Tiers are off: customers see no tier/)).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Visits in the last 12 months' }));
    const brew = within(canvas.getByRole('listitem', { name: '2. Brew' }));
    await expect(brew.getByLabelText('From (visits)')).toHaveValue('500');
    await userEvent.clear(brew.getByLabelText('From (visits)'));
    await userEvent.type(brew.getByLabelText('From (visits)'), '10');
    // two decimals at most: the contract's check, before anything is sent
    await userEvent.clear(brew.getByLabelText('Points multiplier'));
    await userEvent.type(brew.getByLabelText('Points multiplier'), '1.255');
    await userEvent.click(canvas.getByRole('button', { name: 'Save tiers' }));
    await expect(brew.getByLabelText('Points multiplier')).toHaveAccessibleDescription(
      expect.stringContaining('The multiplier must have at most two decimals'),
    );
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(brew.getByLabelText('Points multiplier'));
    await userEvent.type(brew.getByLabelText('Points multiplier'), '1.3');
    await userEvent.click(brew.getByRole('checkbox', { name: 'Butter Croissant' }));
    canvas.getByRole('button', { name: 'Remove Barista' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByRole('listitem', { name: '3. Barista' })).toBeNull();
    canvas.getByRole('button', { name: 'Save tiers' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith({
      enabled: false,
      basis: 'visits',
      tiers: [
        { name: 'Bean', threshold: 0, multiplier: 1, welcome_reward_id: null, birthday_reward_id: null, early_reward_ids: [] },
        { name: 'Brew', threshold: 10, multiplier: 1.3, welcome_reward_id: 2, birthday_reward_id: null, early_reward_ids: [2] },
      ],
    });
    await expect(await canvas.findByText(/^Saved\. Customers are placed in their tiers again/)).toBeVisible();
  },
};

/** At most five tiers: the button says no more. */
export const FiveTiers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a tier' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a tier' }));
    await expect(within(canvas.getByRole('list', { name: 'Tiers' })).getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByRole('button', { name: 'Add a tier' })).toBeDisabled();
  },
};

/** The programme turned off: the switch says so, with what it means. */
export const TiersOff: Story = {
  args: { program: TIERS_OFF },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Tiers on' })).toHaveAttribute('aria-checked', 'false');
    await expect(canvas.getByText(/Tiers are off/)).toBeVisible();
    await expect(canvas.getByText('Nobody is close to a next tier yet.')).toBeVisible();
    // no count reads as nobody ever could: said plainly, without "0 customers (0%)"
    const counts = within(canvas.getByRole('list', { name: 'Customers in each tier' }));
    await expect(counts.getByText('No customers yet')).toBeVisible();
    await expect(counts.getAllByText('No customers have reached it yet')).toHaveLength(2);
    await expect(counts.queryByText(/0 customers/)).toBeNull();
  },
};

/** Staff read the programme; only an owner changes it. */
export const StaffReadOnly: Story = {
  args: { canEdit: false, rewards: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only an owner can change the tiers.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Save tiers|Add a tier|Remove/ })).toBeNull();
    await expect(canvas.getByRole('switch', { name: 'Tiers on' })).toBeDisabled();
    const barista = within(canvas.getByRole('listitem', { name: '3. Barista' }));
    await expect(barista.getByLabelText('Name')).toHaveAttribute('readonly');
    // the rewards the programme names, without the catalogue
    await expect(barista.getByLabelText('Welcome reward')).toHaveDisplayValue('Free Latte');
    await expect(barista.getByLabelText('Welcome reward')).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { program: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading the tiers')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  args: { program: undefined, error: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We could not load the tiers')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

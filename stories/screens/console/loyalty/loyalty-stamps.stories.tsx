import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { StampProgramInput } from '#contract/stamps';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { LoyaltyScreen, type StampsProps } from '../../../../src/screens/console/loyalty/loyalty-screen';
import { StampCardsSection } from '../../../../src/screens/console/loyalty/loyalty-stamps';
import { OWNER } from '../../../fixtures/console';
import { LOYALTY_RULES, STAMP_PROGRAMS, STAMP_REWARDS } from '../../../fixtures/console-loyalty';
import loyalty from './loyalty-screen.stories';

const stamps = (over: Partial<StampsProps> = {}): StampsProps => ({
  programs: STAMP_PROGRAMS,
  rewards: STAMP_REWARDS,
  onRetry: fn(),
  onSave: fn(async (): Promise<SaveProblem | null> => null),
  onStatus: fn(async (): Promise<string | null> => null),
  ...over,
});

/** /merchant/loyalty's stamp cards ("buy 9, the 10th is free"), below the earning rules: the programmes in plain words and their editor. */
const meta = {
  title: 'Console/Loyalty/Stamp cards',
  component: LoyaltyScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  // the Loyalty page's own stories' shop, menu and callbacks, with one rule above the stamp cards
  args: { ...loyalty.args, rules: LOYALTY_RULES.slice(0, 1), stamps: stamps() },
  render: loyalty.render,
} satisfies Meta<typeof LoyaltyScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const stampsOf = (args: { stamps?: StampsProps | undefined }) => args.stamps!;

/** Active, paused and ended programmes, each in plain words with its cards; an ended one has nothing to press. The section alone, to be seen at the top of the screen. */
export const Programmes: Story = {
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="loyalty" title="Loyalty" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <StampCardsSection {...stampsOf(args)} canEdit menu={args.menu} locale={args.locale} saved={null} onEdit={fn()} />
    </ConsoleLayout>
  ),
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Stamp card programmes' }));
    const coffee = within(list.getByRole('listitem', { name: /Coffee card/ }));
    await expect(
      coffee.getByText('1 stamp for each Spanish latte or Cappuccino; 10 stamps fill the card for Free Latte; a card lasts 365 days from its first stamp'),
    ).toBeVisible();
    await expect(coffee.getByText('184 cards in progress, 46 filled, 212 customers')).toBeVisible();
    await expect(coffee.getByText('Active')).toBeVisible();
    const pastry = within(list.getByRole('listitem', { name: /Pastry club/ }));
    await expect(pastry.getByText('1 stamp for each visit with Pastries; 6 stamps fill the card for Butter Croissant; stamps never expire')).toBeVisible();
    await expect(pastry.getByRole('button', { name: 'Resume Pastry club' })).toBeVisible();
    // an ended programme is final: nothing to press
    await expect(within(list.getByRole('listitem', { name: /Summer tote card/ })).queryByRole('button')).toBeNull();
    // active first, then paused, then ended
    await expect(list.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Coffee card Active', 'Pastry club Paused', 'Summer tote card Ended']);
  },
};

/** None yet: an invitation to add the first, which opens the editor. */
export const Empty: Story = {
  args: { stamps: stamps({ programs: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No stamp cards yet')).toBeVisible();
    canvas.getByRole('button', { name: 'Add the first stamp card' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('heading', { name: 'Add a stamp card' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { stamps: stamps({ programs: undefined, loading: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the stamp cards' })).toBeInTheDocument();
  },
};

/** The programmes could not load (the rules could): said in the section, with a retry. */
export const LoadError: Story = {
  args: { stamps: stamps({ programs: undefined, error: 'We could not reach the server. Check your connection and try again.' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We could not load the stamp cards')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(stampsOf(args).onRetry).toHaveBeenCalled();
  },
};

/** Staff read the programmes; only an owner changes them. */
export const StaffReadOnly: Story = {
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('184 cards in progress, 46 filled, 212 customers')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /stamp card/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^(Pause|Resume|Edit|End) / })).toBeNull();
  },
};

/** A new programme sent empty: the contract's schema names each field before anything is sent. */
export const EditorFieldErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a stamp card' }));
    await expect(canvas.getByText('Choose a product or category to see what the card gives.')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Stamps to fill a card'));
    await userEvent.type(canvas.getByLabelText('Stamps to fill a card'), '40');
    await userEvent.click(canvas.getByRole('button', { name: 'Add stamp card' }));
    await expect(canvas.getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('The name'));
    await expect(canvas.getByLabelText('Stamps to fill a card')).toHaveAccessibleDescription(expect.stringContaining('The stamps must be at most 30'));
    await expect(canvas.getByLabelText('Reward for a full card')).toHaveAccessibleDescription(expect.stringContaining('The reward is not chosen yet.'));
    await expect(canvas.getByText('Choose at least one product or category.')).toBeVisible();
    await expect(stampsOf(args).onSave).not.toHaveBeenCalled();
  },
};

/**
 * A new programme by keyboard: its name, two products ticked, one stamp per visit, 8 stamps, the reward,
 * stamps that never expire; the preview says it as the owner goes. The provider's 400 shows on its field.
 */
export const CreateByKeyboard: Story = {
  args: {
    // the provider refuses a name another programme has
    stamps: stamps({
      onSave: fn(async (_id: number | null, p: StampProgramInput): Promise<SaveProblem | null> =>
        p.name === 'Coffee card' ? { message: '', fields: { name: 'is the name of another stamp card' } } : null,
      ),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Add a stamp card' }).focus();
    await userEvent.keyboard('{Enter}');
    canvas.getByLabelText('Name').focus();
    await userEvent.keyboard('Coffee card');
    for (const product of ['Ube latte', 'Calamansi honey cooler']) {
      canvas.getByRole('checkbox', { name: product }).focus();
      await userEvent.keyboard(' ');
    }
    canvas.getByRole('radio', { name: /One stamp per visit/ }).focus();
    await userEvent.keyboard(' ');
    canvas.getByLabelText('Stamps to fill a card').focus();
    await userEvent.keyboard('{Control>}a{/Control}8');
    await userEvent.selectOptions(canvas.getByLabelText('Reward for a full card'), 'Free Latte');
    canvas.getByLabelText('Days a card lasts').focus();
    await userEvent.keyboard('{Control>}a{/Control}0');
    await expect(
      canvas.getByText('After 8 visits with Ube latte or Calamansi honey cooler, the customer gets Free Latte, and a new card starts; stamps never expire.'),
    ).toBeVisible();
    canvas.getByRole('button', { name: 'Add stamp card' }).focus();
    await userEvent.keyboard('{Enter}');
    const program = { name: 'Coffee card', product_ids: [7, 9], category_ids: [], per: 'visit', stamps_needed: 8, reward_id: 1, expiry_days: 0 };
    await expect(stampsOf(args).onSave).toHaveBeenCalledWith(null, program);
    await expect(await canvas.findByText('The name is the name of another stamp card.')).toBeVisible();
    canvas.getByLabelText('Name').focus();
    await userEvent.keyboard('{Control>}a{/Control}Tea card');
    canvas.getByRole('button', { name: 'Add stamp card' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(stampsOf(args).onSave).toHaveBeenLastCalledWith(null, { ...program, name: 'Tea card' });
    await expect(await canvas.findByText('Saved Tea card.')).toBeVisible();
  },
};

/** Editing the coffee card: its fields as they are; the provider's 400 on an update (`program.reward_id`) shows on the reward. */
export const EditProgramme: Story = {
  args: {
    stamps: stamps({
      onSave: fn(async (): Promise<SaveProblem | null> => ({ message: '', fields: { 'program.reward_id': 'is no longer an active reward' } })),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Coffee card' }));
    await expect(canvas.getByLabelText('Name')).toHaveValue('Coffee card');
    await expect(canvas.getByRole('checkbox', { name: 'Cappuccino' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: /One stamp per item/ })).toBeChecked();
    await expect(canvas.getByLabelText('Reward for a full card')).toHaveValue('1');
    await expect(
      canvas.getByText(
        'After 10 qualifying items (Spanish latte or Cappuccino), the customer gets Free Latte, and a new card starts; a card lasts 365 days from its first stamp.',
      ),
    ).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Stamps to fill a card'));
    await userEvent.type(canvas.getByLabelText('Stamps to fill a card'), '9');
    await userEvent.click(canvas.getByRole('button', { name: 'Save stamp card' }));
    await expect(stampsOf(args).onSave).toHaveBeenCalledWith(3, {
      name: 'Coffee card',
      product_ids: [2, 4],
      category_ids: [],
      per: 'item',
      stamps_needed: 9,
      reward_id: 1,
      expiry_days: 365,
    });
    await expect(await canvas.findByText('The reward is no longer an active reward.')).toBeVisible();
  },
};

/** Pause and end by keyboard: End asks first, because it is final. */
export const PauseAndEnd: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    canvas.getByRole('button', { name: 'Pause Coffee card' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(stampsOf(args).onStatus).toHaveBeenCalledWith(3, 'paused');
    await expect(await canvas.findByText('Paused Coffee card.')).toBeVisible();
    canvas.getByRole('button', { name: 'End Pastry club' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(await body.findByRole('dialog', { name: 'End Pastry club?' }));
    await expect(dialog.getByText(/Ending is final/)).toBeVisible();
    // Escape keeps it
    await userEvent.keyboard('{Escape}');
    await expect(stampsOf(args).onStatus).not.toHaveBeenCalledWith(4, 'ended');
    canvas.getByRole('button', { name: 'End Pastry club' }).focus();
    await userEvent.keyboard('{Enter}');
    (await body.findByRole('button', { name: 'End' })).focus();
    await userEvent.keyboard('{Enter}');
    await expect(stampsOf(args).onStatus).toHaveBeenCalledWith(4, 'ended');
    await expect(await canvas.findByText('Ended Pastry club.')).toBeVisible();
  },
};

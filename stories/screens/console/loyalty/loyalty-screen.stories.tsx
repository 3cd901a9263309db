import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { LoyaltyRuleInput } from '#contract/loyalty';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import type { SimulateOutcome } from '../../../../src/screens/console/loyalty/loyalty-rule-editor';
import { LoyaltyScreen } from '../../../../src/screens/console/loyalty/loyalty-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { LOYALTY_RULES, RULE_MENU, SIMULATION } from '../../../fixtures/console-loyalty';
import { quotePickup } from '../../../fixtures/orders';
import { BASE_LABEL } from '#contract/loyalty-earn';
import type { SamplePrice } from '../../../../src/screens/console/loyalty/sample-order';

/** /merchant/loyalty (owners change, staff read): the earning rules by status, each rule's editor with its preview and the simulator. */
const meta = {
  title: 'Console/Loyalty/Loyalty',
  component: LoyaltyScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    rules: LOYALTY_RULES,
    canEdit: true,
    menu: RULE_MENU,
    pointsPerAmount: 1_000,
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
    onStatus: fn(async (): Promise<string | null> => null),
    onSimulate: fn(async (): Promise<SimulateOutcome> => ({ result: SIMULATION })),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={args.canEdit ? OWNER : STAFF_MEMBER} current="loyalty" title="Loyalty" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <LoyaltyScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof LoyaltyScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind of rule, active, paused and ended, each in plain words with what it has given. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = within(canvas.getByRole('list', { name: 'Active rules' }));
    await expect(active.getByText('2× points on Pastries')).toBeVisible();
    await expect(active.getByText('+10 points per Ube latte')).toBeVisible();
    await expect(active.getByText('Double points Tue 2:00 PM–4:00 PM, once a day')).toBeVisible();
    await expect(active.getByText('+50 on a first order')).toBeVisible();
    await expect(active.getByText('+20 for verifying an e-mail')).toBeVisible();
    await expect(active.getByText('4,120 points given to 212 customers')).toBeVisible();
    await expect(
      within(canvas.getByRole('list', { name: 'Paused rules' })).getByText('+15 points Sat and Sun 7:00 AM–10:00 AM, once a day, 4 times in all'),
    ).toBeVisible();
    const ended = within(canvas.getByRole('list', { name: 'Ended rules' }));
    await expect(ended.getByText('1.5× points on Ube latte and Ube cheese pandesal')).toBeVisible();
    // an ended rule is final: nothing to press
    await expect(ended.queryByRole('button')).toBeNull();
  },
};

export const Empty: Story = { args: { rules: [] } };

export const Loading: Story = { args: { rules: undefined, loading: true } };

export const LoadError: Story = { args: { rules: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** Staff read the rules; only an owner changes them. */
export const StaffReadOnly: Story = {
  tags: ['!screen'],
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only an owner can change the earning rules.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add a rule' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^(Pause|Edit|End) / })).toBeNull();
  },
};

/** Editing Double points Tuesday: the preview counts Ana's order on Tuesday at 2:00 PM, and the simulator tries the rule on the last 30 days. */
export const EditWindowRule: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Double points Tuesday' }));
    await expect(canvas.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      canvas.getByText("Ana's ₱250.00 order on Tuesday at 2:00 PM would earn 50 points: 25 for the purchase and +25 Double points Tuesday."),
    ).toBeVisible();
    // the answer of a try is for the rule as it was: a change asks for another
    await userEvent.click(canvas.getByRole('button', { name: 'Try it on the last 30 days' }));
    await expect(await canvas.findByText(/This rule would have given 4,120 points/)).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Multiplier'));
    await userEvent.type(canvas.getByLabelText('Multiplier'), '3');
    await expect(canvas.getByText('You changed the rule since: try it again.')).toBeVisible();
    await expect(
      canvas.getByText("Ana's ₱250.00 order on Tuesday at 2:00 PM would earn 75 points: 25 for the purchase and +50 Double points Tuesday."),
    ).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Multiplier'));
    await userEvent.type(canvas.getByLabelText('Multiplier'), '2');
    await userEvent.click(canvas.getByRole('button', { name: 'Try it on the last 30 days' }));
    await expect(args.onSimulate).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'window', days: ['tue'], start: '14:00', end: '16:00', multiplier: 2, points: null, limit_per_day: 1 }),
    );
    await expect(await canvas.findByText(/This rule would have given 4,120 points to 212 customers over 1,031 orders \(30 days\)\./)).toBeVisible();
    await expect(canvas.getByText('Out of 3,402 paid orders in those days.')).toBeVisible();
  },
};

/**
 * A new time-window rule, by keyboard where it matters: the kind, its days as toggle buttons, the
 * preview as the owner types; the browser's check of the schema, then the provider's 400 on its field.
 */
export const CreateWindowRule: Story = {
  tags: ['!screen'],
  args: {
    // the provider refuses a name another rule has
    onSave: fn(async (_id: number | null, rule: LoyaltyRuleInput): Promise<SaveProblem | null> =>
      rule.name === 'Welcome bonus' ? { message: '', fields: { name: 'is the name of another rule' } } : null,
    ),
    onSimulate: fn(async (): Promise<SimulateOutcome> => ({ error: 'The server did not answer. Check your connection.' })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a rule' }));
    await userEvent.click(canvas.getByRole('radio', { name: /Happy hours/ }));
    // a new rule has no day pressed; Wednesday on and Tuesday on and off again, by keyboard
    const days = within(canvas.getByRole('group', { name: 'On which days?' }));
    for (const day of days.getAllByRole('button')) await expect(day).toHaveAttribute('aria-pressed', 'false');
    canvas.getByRole('button', { name: 'Wednesday' }).focus();
    await userEvent.keyboard('{Enter}');
    canvas.getByRole('button', { name: 'Tuesday' }).focus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.clear(canvas.getByLabelText('From'));
    await userEvent.type(canvas.getByLabelText('From'), '15:00');
    await userEvent.clear(canvas.getByLabelText('Until'));
    await userEvent.type(canvas.getByLabelText('Until'), '17:00');
    await userEvent.click(canvas.getByRole('radio', { name: 'A fixed bonus' }));
    await userEvent.clear(canvas.getByLabelText('Bonus points'));
    await userEvent.type(canvas.getByLabelText('Bonus points'), '30');
    // without a name the preview names the kind; nothing is sent
    await expect(canvas.getByText("Ana's ₱250.00 order on Wednesday at 3:00 PM would earn 55 points: 25 for the purchase and +30 Happy hours.")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add rule' }));
    await expect(canvas.getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('The name'));
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Name'), 'Welcome bonus');
    await expect(
      canvas.getByText("Ana's ₱250.00 order on Wednesday at 3:00 PM would earn 55 points: 25 for the purchase and +30 Welcome bonus."),
    ).toBeVisible();
    // the simulator's failure is said, and the form stays
    await userEvent.click(canvas.getByRole('button', { name: 'Try it on the last 30 days' }));
    await expect(await canvas.findByText('We could not try it: The server did not answer. Check your connection.')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Times in all per customer'));
    await userEvent.type(canvas.getByLabelText('Times in all per customer'), '5');
    await userEvent.click(canvas.getByRole('button', { name: 'Add rule' }));
    const rule = {
      kind: 'window',
      name: 'Welcome bonus',
      days: ['wed'],
      start: '15:00',
      end: '17:00',
      multiplier: null,
      points: 30,
      limit_per_day: 1,
      limit_total: 5,
    };
    await expect(args.onSave).toHaveBeenCalledWith(null, rule);
    // the provider's 400 shows on its field
    await expect(await canvas.findByText('The name is the name of another rule.')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Name'));
    await userEvent.type(canvas.getByLabelText('Name'), 'Midweek boost');
    await userEvent.click(canvas.getByRole('button', { name: 'Add rule' }));
    await expect(args.onSave).toHaveBeenLastCalledWith(null, { ...rule, name: 'Midweek boost' });
    await expect(await canvas.findByText('Saved Midweek boost.')).toBeVisible();
  },
};

/** Pause, resume and end by keyboard: End asks first, because it is final. */
export const PauseAndEnd: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    canvas.getByRole('button', { name: 'Pause Double points Tuesday' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStatus).toHaveBeenCalledWith(3, 'paused');
    await expect(await canvas.findByText('Paused Double points Tuesday.')).toBeVisible();
    canvas.getByRole('button', { name: 'Resume Rainy weekend mornings' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStatus).toHaveBeenCalledWith(4, 'active');
    canvas.getByRole('button', { name: 'End Welcome bonus' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(await body.findByRole('dialog', { name: 'End Welcome bonus?' }));
    await expect(dialog.getByText(/Ending is final/)).toBeVisible();
    // Escape keeps it
    await userEvent.keyboard('{Escape}');
    await expect(args.onStatus).not.toHaveBeenCalledWith(6, 'ended');
    canvas.getByRole('button', { name: 'End Welcome bonus' }).focus();
    await userEvent.keyboard('{Enter}');
    (await body.findByRole('button', { name: 'End' })).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStatus).toHaveBeenCalledWith(6, 'ended');
    await expect(await canvas.findByText('Ended Welcome bonus.')).toBeVisible();
  },
};

/** Two Spanish lattes priced with KOPI10: 10% off ₱330.00, then the base points and a first order's bonus. */
const SAMPLE_PRICE: SamplePrice = {
  quote: {
    ...quotePickup,
    subtotal: 33_000,
    discount: 3300,
    total: 29_700,
    points_to_earn: 79,
    points_breakdown: [
      { rule_id: null, label: BASE_LABEL, points: 29 },
      { rule_id: 4, label: '+50 on a first order', points: 50 },
    ],
    offer: { code: 'KOPI10', title: '10% off this weekend', discount: 3300 },
  },
};
const sampleOrder = {
  codes: [
    { code: 'KOPI10', title: '10% off this weekend' },
    { code: 'WELCOME50', title: '₱50.00 off your first order' },
  ],
  onPrice: fn(async (): Promise<SamplePrice> => SAMPLE_PRICE),
};

/** A sample order: two products, an offer's code, priced as checkout would, with the points then earned in their parts. */
export const SampleOrderWithOffer: Story = {
  parameters: { screenshotAt: 'Try a sample order' },
  args: { sampleOrder },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const product = canvas.getByLabelText('Product');
    const first = within(product).getByRole('option', { name: 'Spanish latte (₱165.00)' });
    await userEvent.selectOptions(product, first);
    await userEvent.clear(canvas.getByLabelText('Quantity'));
    await userEvent.type(canvas.getByLabelText('Quantity'), '2');
    await userEvent.click(canvas.getByRole('button', { name: 'Add to the order' }));
    const id = Number((first as HTMLOptionElement).value);
    await expect(within(canvas.getByRole('list', { name: 'The sample order' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.selectOptions(canvas.getByLabelText('Offer'), 'KOPI10: 10% off this weekend');
    await userEvent.click(canvas.getByRole('button', { name: 'Price it' }));
    await expect(args.sampleOrder!.onPrice).toHaveBeenCalledWith([{ product_id: id, qty: 2 }], 'KOPI10');
    await expect(await canvas.findByText('Offer: 10% off this weekend')).toBeVisible();
    const priced = within(canvas.getByText('Points earned').closest('dl')!);
    await expect(priced.getByText('−₱33.00')).toBeVisible();
    await expect(priced.getByText('+50 on a first order')).toBeVisible();
    await expect(priced.getByText('Points earned').nextElementSibling).toHaveTextContent('79');
  },
};

/** A code that does not apply to the sample order: its plain reason; a single-use code is typed. */
export const SampleOrderRefused: Story = {
  tags: ['!screen'],
  args: {
    sampleOrder: { ...sampleOrder, onPrice: fn(async (): Promise<SamplePrice> => ({ error: 'FLYABC has been used up.' })) },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const product = canvas.getByLabelText('Product');
    await userEvent.selectOptions(product, within(product).getAllByRole('option')[1]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Add to the order' }));
    await userEvent.selectOptions(canvas.getByLabelText('Offer'), 'Another code (a single-use code)');
    await userEvent.type(canvas.getByLabelText('Code'), 'flyabc');
    await userEvent.click(canvas.getByRole('button', { name: 'Price it' }));
    await expect(args.sampleOrder!.onPrice).toHaveBeenCalledWith([expect.objectContaining({ qty: 1 })], 'FLYABC');
    await expect(await canvas.findByText('FLYABC has been used up.')).toBeVisible();
  },
};

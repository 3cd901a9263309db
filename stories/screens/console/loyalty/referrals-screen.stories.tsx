import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { LoyaltyNav } from '../../../../src/screens/console/loyalty/loyalty-nav';
import { consoleTimeFormat } from '../../../../src/screens/console/shared/console-format';
import { ReferralsScreen } from '../../../../src/screens/console/loyalty/referrals-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { REFERRALS } from '../../../fixtures/console-tiers';

/** /merchant/loyalty/referrals (staff read, owners void with a reason): the totals and every referral, who brought whom and where it stands. */
const meta = {
  title: 'Console/Loyalty/Referrals',
  component: ReferralsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    data: REFERRALS,
    canEdit: true,
    locale: 'en-PH',
    time: consoleTimeFormat({ locale: 'en-PH', timezone: 'Asia/Manila' }),
    onRetry: fn(),
    onVoid: fn(async (): Promise<string | null> => null),
  },
  render: (args) => (
    <ConsoleLayout
      shop="Kopi Senja"
      staff={args.canEdit ? OWNER : STAFF_MEMBER}
      current="loyalty"
      title="Referrals"
      onSignOut={fn()}
      onSignOutEverywhere={fn()}
    >
      <LoyaltyNav current="referrals" />
      <ReferralsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ReferralsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every status in words, with the reason of a refusal and of a void; voided and refused ones cannot be voided again. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const total = (label: string) => canvas.getByText(label, { selector: 'dt' }).nextElementSibling;
    await expect([total('Signed up'), total('Rewarded'), total('Refused'), total('Voided')].map((dd) => dd?.textContent)).toEqual(['6', '2', '1', '1']);
    const list = within(canvas.getByRole('list', { name: 'Referrals' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(6);
    for (const words of [
      'Signed up, no order yet',
      'Ordered, waiting for the hold',
      'Both rewarded',
      'Friend rewarded (over the monthly cap)',
      'Refused',
      'Voided',
    ])
      await expect(list.getByText(words)).toBeVisible();
    await expect(list.getByText('Why: same device as the referrer')).toBeVisible();
    await expect(list.getByText('Reason: “A staff member signed up for the points”')).toBeVisible();
    await expect(list.getByText(/^Signed up Nov 12, 2026, 10:15.AM · rewarded Nov 20, 2026, 5:30.PM$/)).toBeVisible();
    await expect(list.getAllByRole('button', { name: /^Void / })).toHaveLength(4);
    await expect(list.queryByRole('button', { name: 'Void Liza Gomez’s referral of Liz Gomez' })).toBeNull();
  },
};

export const Empty: Story = {
  args: { data: { referrals: [], totals: { signed_up: 0, review: 0, rewarded: 0, refused: 0, void: 0 } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No referrals yet')).toBeVisible();
  },
};

/** Void by keyboard: the reason is required (nothing is sent without it), a refusal stays in the dialog, then it is voided. */
export const VoidByKeyboard: Story = {
  args: { onVoid: fn(async (_id: number, reason: string): Promise<string | null> => (reason === 'test' ? 'The referral is already void.' : null)) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    canvas.getByRole('button', { name: 'Void Marco Santos’s referral of Dina Ramos' }).focus();
    await userEvent.keyboard('{Enter}');
    await body.findByRole('dialog', { name: 'Void Marco Santos’s referral of Dina Ramos?' });
    // Escape keeps it
    await userEvent.keyboard('{Escape}');
    await expect(body.queryByRole('dialog')).toBeNull();
    canvas.getByRole('button', { name: 'Void Marco Santos’s referral of Dina Ramos' }).focus();
    await userEvent.keyboard('{Enter}');
    const again = within(await body.findByRole('dialog', { name: 'Void Marco Santos’s referral of Dina Ramos?' }));
    again.getByLabelText('Reason').focus();
    await userEvent.keyboard('{Enter}');
    await expect(again.getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('The reason is required.'));
    await expect(args.onVoid).not.toHaveBeenCalled();
    await userEvent.keyboard('test{Enter}');
    await expect(args.onVoid).toHaveBeenCalledWith(5, 'test');
    await expect(await again.findByText('The referral is already void.')).toBeVisible();
    await userEvent.clear(again.getByLabelText('Reason'));
    await userEvent.keyboard('  Friend is the referrer’s second phone  {Enter}');
    await expect(args.onVoid).toHaveBeenLastCalledWith(5, 'Friend is the referrer’s second phone');
    await expect(await canvas.findByText('Voided Marco Santos’s referral of Dina Ramos.')).toBeVisible();
    await expect(body.queryByRole('dialog')).toBeNull();
  },
};

/** Staff read the referrals; only an owner voids one. */
export const StaffReadOnly: Story = {
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only an owner can void a referral.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Void / })).toBeNull();
  },
};

export const Loading: Story = {
  args: { data: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading the referrals')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  args: { data: undefined, error: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('We could not load the referrals')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { CampaignsScreen } from '../../../../src/screens/console/campaigns/campaigns-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { CAMPAIGNS, CAMPAIGNS_ALL_OFF, CAMPAIGNS_RETIRED_REWARD } from '../../../fixtures/console-campaigns';

/** /merchant/campaigns (owners change, staff read): the five automatic campaigns with their stats, and the editor with its preview. */
const meta = {
  title: 'Console/Campaigns/Campaigns',
  component: CampaignsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    data: CAMPAIGNS,
    canEdit: true,
    locale: 'en-PH',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
  },
  render: (args) => (
    <ConsoleLayout
      shop="Kopi Senja"
      staff={args.canEdit ? OWNER : STAFF_MEMBER}
      current="campaigns"
      title="Campaigns"
      onSignOut={fn()}
      onSignOutEverywhere={fn()}
    >
      <CampaignsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof CampaignsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Win-back, nearly there and birthday on, each with a summary in words and its sent, opened and orders within 7 days. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Campaigns' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const winBack = within(canvas.getByRole('listitem', { name: 'Win-back' }));
    await expect(winBack.getByText('On')).toBeVisible();
    await expect(winBack.getByText(/Customers who have not ordered for 30 days, once until they order again, with a .* voucher\./)).toBeVisible();
    await expect(winBack.getByText('214')).toBeVisible();
    const welcome = within(canvas.getByRole('listitem', { name: 'Welcome' }));
    await expect(welcome.getByText(/^Off\. When on: New customers, 24 hours after they sign up\.$/)).toBeVisible();
    // its "after they sign up" waits for the morning: the card says so
    await expect(welcome.getByText('Sent from 9:00 AM to 9:00 PM only (Asia/Manila time): someone who signs up at night gets it after 9:00 AM.')).toBeVisible();
    await expect(canvas.getByText(/between 9:00 AM and 9:00 PM \(Asia\/Manila\)/)).toBeVisible();
  },
};

/** A new shop: every campaign off, and the page says so. */
export const AllOff: Story = {
  args: { data: CAMPAIGNS_ALL_OFF },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/All campaigns are off\./)).toBeVisible();
    await expect(canvas.queryByText('On')).toBeNull();
  },
};

/** Nobody has asked for offers yet (they are opt-in): said so, not "0 customers get them" (issue 46). */
export const NoSubscribersYet: Story = {
  args: { data: { ...CAMPAIGNS_ALL_OFF, subscribers: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/none has yet: customers ask for them at sign-up or in their profile/)).toBeVisible();
    await expect(canvas.queryByText(/0 customers get them/)).toBeNull();
  },
};

/** The win-back editor open: its fields and the preview of the message as Ana would get it. */
export const Editor: Story = {
  args: { initialEditing: 'win_back' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'Win-back campaign' }));
    await expect(form.getByRole('switch', { name: 'Campaign on' })).toHaveAttribute('aria-checked', 'true');
    await expect(form.getByLabelText('No order for (days)')).toHaveValue('30');
    const preview = within(form.getByRole('region', { name: 'Preview' }));
    await expect(preview.getByText('We miss you, Ana')).toBeVisible();
    await expect(preview.getByText(/is on us: show it at the counter\./)).toBeVisible();
  },
};

/** Translations: the title and message in Filipino and Bahasa Indonesia, placeholders too; an unknown one is refused on its field. */
export const EditorTranslations: Story = {
  parameters: { screenshotReplay: true },
  args: {
    initialEditing: 'win_back',
    data: {
      ...CAMPAIGNS,
      campaigns: CAMPAIGNS.campaigns.map((c) => (c.kind === 'win_back' ? { ...c, translations: { fil: { title: 'Na-miss ka namin, {name}' } } } : c)),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'Win-back campaign' }));
    const group = within(form.getByRole('group', { name: 'Translations' }));
    await expect(group.getByLabelText('Title in Filipino (optional)')).toHaveValue('Na-miss ka namin, {name}');
    const message = group.getByLabelText('Message in Bahasa Indonesia (optional)');
    await userEvent.type(message, 'Ada {{poin} poin untukmu');
    await userEvent.click(form.getByRole('button', { name: 'Save campaign' }));
    await expect(await form.findByText(/^The Bahasa Indonesia message must use only \{name\}, \{points\}.*\{poin\} is not one\.$/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    message.focus();
  },
};

/** The words in other languages are sent with the campaign, empty ones left out. */
export const EditorTranslationsSaved: Story = {
  tags: ['!screen'],
  args: { initialEditing: 'win_back' },
  play: async ({ canvasElement, args }) => {
    const form = within(within(canvasElement).getByRole('form', { name: 'Win-back campaign' }));
    await userEvent.type(form.getByLabelText('Message in Bahasa Indonesia (optional)'), 'Ada {{points} poin untukmu');
    await userEvent.click(form.getByRole('button', { name: 'Save campaign' }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ translations: { id: { body: 'Ada {points} poin untukmu' } } }));
  },
};

/** An owner turns win-back on from a new shop's defaults, by keyboard: the exact body sent, the preview following the text. */
export const TurnOnWinBack: Story = {
  tags: ['!screen'],
  args: { data: CAMPAIGNS_ALL_OFF },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Edit Win-back' }).focus();
    await userEvent.keyboard('{Enter}');
    const form = within(canvas.getByRole('form', { name: 'Win-back campaign' }));
    form.getByRole('switch', { name: 'Campaign on' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.clear(form.getByLabelText('No order for (days)'));
    await userEvent.type(form.getByLabelText('No order for (days)'), '45');
    await userEvent.clear(form.getByLabelText('Title'));
    await userEvent.type(form.getByLabelText('Title'), 'Long time no see, {{name}');
    await expect(within(form.getByRole('region', { name: 'Preview' })).getByText('Long time no see, Ana')).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Save campaign' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      kind: 'win_back',
      enabled: true,
      title: 'Long time no see, {name}',
      body: 'It has been a while. Come back for your favourites: you have {points} points waiting.',
      reward_id: null,
      timing: 45,
      translations: {},
    });
    await expect(canvas.queryByRole('form', { name: 'Win-back campaign' })).toBeNull();
  },
};

/** The contract's checks before anything is sent: an unknown placeholder, {reward} without a reward, a timing out of range; then the provider's refusal on a field. */
export const EditorErrors: Story = {
  tags: ['!screen'],
  args: {
    data: CAMPAIGNS_ALL_OFF,
    initialEditing: 'win_back',
    onSave: fn(async (): Promise<SaveProblem | null> => ({ message: '', fields: { reward_id: 'must be a reward customers can get: Free Latte is retired' } })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'Win-back campaign' }));
    await userEvent.clear(form.getByLabelText('Message'));
    await userEvent.type(form.getByLabelText('Message'), 'Hi {{nmae}, get {{reward}');
    await userEvent.clear(form.getByLabelText('No order for (days)'));
    await userEvent.type(form.getByLabelText('No order for (days)'), '3');
    await userEvent.click(form.getByRole('button', { name: 'Save campaign' }));
    await expect(form.getByLabelText('Message')).toHaveAccessibleDescription(
      expect.stringContaining('The message must use only {name} or {points}: {nmae} is not one.'),
    );
    await expect(form.getByLabelText('No order for (days)')).toHaveAccessibleDescription(expect.stringContaining('The timing must be 7 to 365 days.'));
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(form.getByLabelText('Message'));
    await userEvent.type(form.getByLabelText('Message'), 'Come back for {{reward}');
    await userEvent.clear(form.getByLabelText('No order for (days)'));
    await userEvent.type(form.getByLabelText('No order for (days)'), '30');
    await userEvent.selectOptions(form.getByLabelText('Reward'), form.getAllByRole('option')[1]!);
    await userEvent.click(form.getByRole('button', { name: 'Save campaign' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(await form.findByText('The reward must be a reward customers can get: Free Latte is retired.')).toBeVisible();
    await expect(canvas.getByText('Please check the highlighted fields.')).toBeVisible();
  },
};

/** A campaign's reward retired since: the card warns. */
export const RetiredReward: Story = {
  tags: ['!screen'],
  args: { data: CAMPAIGNS_RETIRED_REWARD },
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole('listitem', { name: 'Win-back' })).getByText(/is retired: the campaign sends nothing/)).toBeVisible();
  },
};

/** Staff read the campaigns and open an editor read-only; only an owner changes them. */
export const StaffReadOnly: Story = {
  args: { canEdit: false, initialEditing: 'nearly_there' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only an owner can change the campaigns.')).toBeVisible();
    const form = within(canvas.getByRole('form', { name: 'Nearly there campaign' }));
    await expect(form.getByRole('switch', { name: 'Campaign on' })).toBeDisabled();
    await expect(form.getByLabelText('Title')).toHaveAttribute('readonly');
    await expect(form.queryByRole('button', { name: 'Save campaign' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'View Win-back' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { data: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading the campaigns')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  args: { data: undefined, error: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We could not load the campaigns')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

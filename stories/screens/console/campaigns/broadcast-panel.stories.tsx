import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { BroadcastPanel } from '../../../../src/screens/console/campaigns/broadcast-panel';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { BROADCASTS, BROADCASTS_NONE } from '../../../fixtures/console-campaigns';
import { DIALOGS_IN_FRAMES } from '../../../fixtures/docs';

/** /merchant/campaigns, its top: a one-off message an owner sends now, who it reaches, the confirmation, and the past broadcasts. */
const meta = {
  title: 'Console/Campaigns/Broadcast',
  component: BroadcastPanel,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: {
    data: BROADCASTS_NONE,
    canSend: true,
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
    audience: 1_412,
    onRetry: fn(),
    onTierChange: fn(),
    onSend: fn(async (): Promise<SaveProblem | null> => null),
    newKey: () => 'story-key',
  },
  render: (args) => (
    <ConsoleLayout
      shop="Kopi Senja"
      staff={args.canSend ? OWNER : STAFF_MEMBER}
      current="campaigns"
      title="Campaigns"
      onSignOut={fn()}
      onSignOutEverywhere={fn()}
    >
      <BroadcastPanel {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof BroadcastPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing sent yet: an empty form, who it would reach, and "No message sent yet". */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'New message' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('It reaches 1,412 customers: everyone who asked for offers.');
    await expect(canvas.getByText('No message sent yet.')).toBeVisible();
  },
};

/** The audience being counted (a tier just chosen). */
export const Counting: Story = {
  args: { audience: undefined, initialForm: { tier: '1' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Counting who it reaches…');
  },
};

/** An owner writes a message for the Brew tier by keyboard, reviews it and confirms: the exact body sent, once, and the form empties. */
export const SendToATier: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'New message' }));
    await userEvent.type(form.getByLabelText('Title'), 'Rainy day, {{name}?');
    await userEvent.type(form.getByLabelText('Message'), 'Hot chocolate is half price until 5 PM.');
    await userEvent.selectOptions(form.getByLabelText('Who'), 'Brew tier only');
    await expect(args.onTierChange).toHaveBeenLastCalledWith(1);
    await expect(within(form.getByRole('region', { name: 'Preview' })).getByText('Rainy day, Ana?')).toBeVisible();
    form.getByRole('button', { name: 'Review and send' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Send to 1,412 customers?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send now' }));
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith({
      title: 'Rainy day, {name}?',
      body: 'Hot chocolate is half price until 5 PM.',
      tier: 1,
      reward_id: null,
      translations: {},
      idempotency_key: 'story-key',
    });
    await expect(await canvas.findByText(/Your message is on its way to 1,412 customers\./)).toBeVisible();
    await expect(form.getByLabelText('Title')).toHaveValue('');
  },
};

/** The shop offers Filipino and Bahasa Indonesia too: the message in them beside the originals; each customer gets their language's. */
export const InOtherLanguages: Story = {
  args: {
    languages: ['fil', 'id'],
    initialForm: { title: 'Rainy day, {name}?', body: 'Hot chocolate is half price until 5 PM.', words: { fil: { title: 'Maulan ba, {name}?' } } },
  },
  play: async ({ canvasElement }) => {
    const form = within(within(canvasElement).getByRole('form', { name: 'New message' }));
    const group = within(form.getByRole('group', { name: 'Translations' }));
    const title = group.getByLabelText('Title in Filipino (optional)');
    await expect(title).toHaveValue('Maulan ba, {name}?');
    await expect(title).toHaveAccessibleDescription(expect.stringContaining('Original: Rainy day, {name}?'));
    await expect(group.getByLabelText('Message in Bahasa Indonesia (optional)')).toHaveValue('');
  },
};

/** {name} only in every language (another placeholder is named on its field); sent with the broadcast without the empty ones. */
export const InOtherLanguagesSent: Story = {
  tags: ['!screen'],
  args: { languages: ['fil', 'id'], initialForm: { title: 'Rainy day, {name}?', body: 'Hot chocolate is half price until 5 PM.' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'New message' }));
    const group = within(form.getByRole('group', { name: 'Translations' }));
    await userEvent.type(group.getByLabelText('Title in Filipino (optional)'), 'Maulan ba, {{name}?');
    const message = group.getByLabelText('Message in Bahasa Indonesia (optional)');
    await userEvent.type(message, 'Ada {{poin} untukmu');
    await userEvent.click(form.getByRole('button', { name: 'Review and send' }));
    await expect(message).toHaveAccessibleDescription(expect.stringContaining('The Bahasa Indonesia message must use only {name}: {poin} is not one.'));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.clear(message);
    await userEvent.type(message, 'Cokelat panas setengah harga sampai jam 5 sore.');
    await userEvent.click(form.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send now' }));
    await expect(args.onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Rainy day, {name}?',
        translations: { fil: { title: 'Maulan ba, {name}?' }, id: { body: 'Cokelat panas setengah harga sampai jam 5 sore.' } },
      }),
    );
  },
};

/** The confirmation: how many it reaches, what they will see, and Keep editing / Send now. */
export const Confirm: Story = {
  args: { initialConfirm: true, initialForm: { title: 'Rainy day, {name}?', body: 'Hot chocolate is half price until 5 PM.' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Send to 1,412 customers?' }));
    await expect(dialog.getByText('Rainy day, Ana?')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Send now' })).toBeVisible();
  },
};

/** Past broadcasts: one still sending, one sent to a tier with a reward, each with reached and opened. */
export const SentList: Story = {
  args: { data: BROADCASTS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Broadcasts' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const rainy = within(canvas.getByRole('listitem', { name: 'Rainy day, {name}?' }));
    await expect(rainy.getByText('Sending')).toBeVisible();
    await expect(rainy.getByText(/Reached 600 of 1,412 customers · opened by 41/)).toBeVisible();
    const brew = within(canvas.getByRole('listitem', { name: 'A treat for our Brew members' }));
    await expect(brew.getByText(/Brew tier, with/)).toBeVisible();
  },
};

/** The contract's checks before the dialog (a placeholder it does not know, an empty title), then the provider's refusal on a field. */
export const FieldErrors: Story = {
  tags: ['!screen'],
  args: {
    onSend: fn(async (): Promise<SaveProblem | null> => ({ message: '', fields: { reward_id: 'must be a reward customers can get: Free Latte is retired' } })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: 'New message' }));
    await userEvent.type(form.getByLabelText('Message'), 'You have {{points} points');
    await userEvent.click(form.getByRole('button', { name: 'Review and send' }));
    await expect(form.getByLabelText('Title')).toHaveAccessibleDescription(expect.stringContaining('The title is required.'));
    await expect(form.getByLabelText('Message')).toHaveAccessibleDescription(expect.stringContaining('The message must use only {name}: {points} is not one.'));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.type(form.getByLabelText('Title'), 'Treat');
    await userEvent.clear(form.getByLabelText('Message'));
    await userEvent.type(form.getByLabelText('Message'), 'On us');
    await userEvent.selectOptions(form.getByLabelText('Reward'), within(form.getByLabelText('Reward')).getAllByRole('option')[1]!);
    await userEvent.click(form.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send now' }));
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(await form.findByText('The reward must be a reward customers can get: Free Latte is retired.')).toBeVisible();
  },
};

/** Staff read what was sent; only an owner sends. */
export const StaffReadOnly: Story = {
  args: { canSend: false, data: BROADCASTS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only an owner can send a message.')).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'New message' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { data: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading the broadcasts')).toBeInTheDocument();
  },
};

/** The list could not be loaded. */
export const LoadError: Story = {
  args: { data: undefined, error: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We could not load the broadcasts')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** The count failed: said so, and the rest still works. */
export const CountError: Story = {
  args: { audience: undefined, audienceError: 'We could not count who it reaches. Check your connection.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('We could not count who it reaches. Check your connection.')).toBeVisible();
  },
};

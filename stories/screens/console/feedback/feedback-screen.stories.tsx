import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ConsoleFeedback } from '#contract/feedback';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { FeedbackScreen } from '../../../../src/screens/console/feedback/feedback-screen';
import { OWNER } from '../../../fixtures/console';

const base: ConsoleFeedback = {
  id: 31,
  order_name: 'KS-7Q2MXH4P',
  order_total: 33_000,
  customer_id: 12,
  customer_name: 'Maria Clara',
  rating: 2,
  reasons: ['temperature', 'speed'],
  comment: 'The latte was cold by the time I picked it up.',
  reply: null,
  replied_at: null,
  replied_by: null,
  created_at: '2026-12-03T01:15:00Z',
};

const feedback: ConsoleFeedback[] = [
  base,
  {
    ...base,
    id: 30,
    order_name: 'KS-4H8RT2WZ',
    order_total: 18_500,
    customer_id: 9,
    customer_name: 'Jose Rizal',
    rating: 5,
    reasons: ['taste', 'service'],
    comment: 'Best ensaymada in town!',
    created_at: '2026-12-02T23:40:00Z',
  },
  {
    ...base,
    id: 28,
    order_name: 'KS-9MBC3V1Q',
    customer_id: 7,
    customer_name: 'Andres B.',
    rating: 1,
    reasons: ['accuracy'],
    comment: 'I got a cappuccino instead of a flat white.',
    reply: 'So sorry, Andres! Your next flat white is on us.',
    replied_at: '2026-12-02T05:00:00Z',
    replied_by: 'Rosa Dela Cruz',
    created_at: '2026-12-02T04:10:00Z',
  },
  {
    ...base,
    id: 25,
    order_name: 'KS-2PLK8NQ5',
    customer_id: 4,
    customer_name: 'Gabriela S.',
    rating: 4,
    reasons: [],
    comment: '',
    created_at: '2026-12-01T02:00:00Z',
  },
];

/**
 * /merchant/feedback (staff; issue 51): customers' ratings of their orders, the low ones flagged until
 * answered, an answer that reaches the customer in the app, and (owners) the review link offered after a
 * high rating.
 */
const meta = {
  title: 'Console/Feedback/Feedback',
  component: FeedbackScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    items: feedback,
    average: 3.6,
    lowUnanswered: 1,
    reviewUrl: 'https://g.page/r/kopisenja/review',
    low: false,
    onLow: fn(),
    more: false,
    onMore: fn(),
    canEdit: true,
    locale: 'en-PH',
    currency: 'PHP',
    timeZone: 'Asia/Manila',
    onRetry: fn(),
    onReply: fn(async (): Promise<SaveProblem | null> => null),
    onSaveReviewUrl: fn(async (): Promise<SaveProblem | null> => null),
  },
  argTypes: { items: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="feedback" title="Feedback" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <FeedbackScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof FeedbackScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Four ratings: a low one waiting for an answer, one answered, two happy ones; the low filter. */
export const Ratings: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('1 low rating waits for an answer')).toBeVisible();
    await expect(page.getByRole('listitem', { name: '2 of 5 for order KS-7Q2MXH4P' })).toHaveTextContent('Waiting for an answer');
    await userEvent.click(page.getByLabelText('Low ratings only (2 stars or fewer)'));
    await expect(args.onLow).toHaveBeenCalledWith(true);
  },
};

/** Answering Maria: the answer goes to her in the app. */
export const Answer: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Answer to Maria Clara about order KS-7Q2MXH4P' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Answer Maria Clara' });
    await userEvent.type(within(dialog).getByLabelText('Your answer'), 'Sorry, Maria! Your next latte is on us.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await expect(args.onReply).toHaveBeenCalledWith(31, 'Sorry, Maria! Your next latte is on us.');
  },
};

/** The reply dialog open, as staff see it. */
export const AnswerOpen: Story = { args: { initialReplyTo: 31 } };

/** The owner sets the review link; a plain http address is refused by the provider and named. */
export const ReviewLink: Story = {
  tags: ['!screen'],
  args: {
    onSaveReviewUrl: fn(async (): Promise<SaveProblem | null> => ({
      message: 'Please check the highlighted fields.',
      fields: { review_url: 'must be an https:// address, or empty' },
    })),
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const field = page.getByLabelText('Review page address');
    await userEvent.clear(field);
    await userEvent.type(field, 'http://kopisenja.example/review');
    await userEvent.click(page.getByRole('button', { name: 'Save review link' }));
    await expect(args.onSaveReviewUrl).toHaveBeenCalledWith('http://kopisenja.example/review');
    await expect(page.getByText('The address must be an https:// address, or empty.')).toBeVisible();
  },
};

/** A member of staff: no review link to set. */
export const Staff: Story = { tags: ['!screen'], args: { canEdit: false } };

export const Empty: Story = { args: { items: [], average: null, lowUnanswered: 0 } };
export const EmptyLow: Story = { tags: ['!screen'], args: { items: [], low: true, average: null, lowUnanswered: 0 } };
export const Loading: Story = { args: { items: undefined, loading: true } };
export const Error: Story = { args: { items: undefined, error: 'The server did not answer. Check your connection.' } };

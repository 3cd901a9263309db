import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MemberCard } from '../../../src/screens/profile/member-card';
import { money } from '../../fixtures/customer';
import { memberCard, memberCardJustEarned } from '../../fixtures/members';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';

/**
 * The member card (issue 29), over Home or the profile: the rotating QR code and short code for the
 * counter, the points, and the points a counter just gave. The countdown is frozen for the screenshots.
 */
const meta = {
  title: 'Screens/Profile/Member card',
  component: MemberCard,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', docs: { story: DIALOGS_IN_FRAMES }, pseudoCheck: true },
  args: { open: true, onOpenChange: fn(), card: memberCard, frozen: true, onRetry: fn(), onStale: fn(), locale: money.locale },
} satisfies Meta<typeof MemberCard>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Member card' });
    await expect(within(dialog).getByRole('img', { name: 'QR code of your member card, for the counter to scan' })).toBeVisible();
    await expect(within(dialog).getByText('M4XK 9TQD')).toHaveAccessibleName('Code M 4 X K 9 T Q D');
    await expect(dialog).toHaveTextContent('New code in 12 s');
    await expect(dialog).toHaveTextContent('1,250 points');
  },
};

export const Loading: Story = { args: { card: undefined } };

export const Error: Story = {
  args: { card: undefined, error: 'The server did not answer.' },
  play: async ({ canvasElement, args }) => {
    const alert = await page(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('We couldn’t get your member card from the shop.');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A counter at Makati just gave 18 points: said politely in the live region, with the new balance. */
export const JustEarned: Story = {
  args: { card: memberCardJustEarned },
  play: async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Member card' });
    const live = within(dialog)
      .getAllByRole('status')
      .find((s) => s.getAttribute('aria-live') === 'polite');
    await waitFor(() => expect(live).toHaveTextContent('+18 points at Makati — thank you!'));
    await expect(dialog).toHaveTextContent('Your points now1,268 points');
  },
};

/**
 * No connection: the card read before (the service worker's kept copy) shows the points, but no code: a
 * kept code would be refused at the counter. It says when the code comes back.
 */
export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Member card' });
    await expect(within(dialog).queryByRole('img', { name: 'QR code of your member card, for the counter to scan' })).toBeNull();
    await expect(dialog).toHaveTextContent("Your code shows when you're back online.");
    await expect(dialog).toHaveTextContent('It changes every 30 seconds, so an old one would not work at the counter.');
    await expect(dialog).toHaveTextContent('1,250 points');
  },
};

/** Both codes ran out and the shop sent no fresh ones: no old code, and a way to ask again. */
export const CodesRanOut: Story = {
  args: { card: { ...memberCard, seconds_left: -30 } },
  play: async ({ canvasElement, args }) => {
    const alert = await page(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('We couldn’t get your new code from the shop. Check your connection.');
    await expect(page(canvasElement).queryByRole('img', { name: 'QR code of your member card, for the counter to scan' })).toBeNull();
    within(alert).getByRole('button', { name: 'Try again' }).click();
    await expect(args.onStale).toHaveBeenCalled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PointsScreen } from '../../../src/screens/profile/points-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { pointHistory, pointHistoryEmpty, pointHistoryLastPage, pointHistoryOnTheWay } from '../../fixtures/points';
import { TIME_ZONE } from '../../fixtures/profile';
import { stampCards } from '../../fixtures/stamps';

/** /profile/point: balance, points on their way, points about to expire and the ledger. */
const meta = {
  title: 'Screens/Profile/Points',
  component: PointsScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    history: pointHistory,
    locale: 'en-PH',
    timeZone: TIME_ZONE,
    nav: <BottomNav items={navItems('profile')} />,
    onLoadMore: fn(),
    onBack: fn(),
    onRetry: fn(),
    onBrowseRewards: fn(),
  },
} satisfies Meta<typeof PointsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Points on their way above the history: not in the balance until they arrive. */
export const Default: Story = {
  args: { history: pointHistoryOnTheWay },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const onTheWay = within(canvas.getByRole('region', { name: /On their way/ }));
    await expect(onTheWay.getByRole('heading')).toHaveTextContent('On their way: 68 points');
    const items = onTheWay.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('21 points on their way, from Nov 28, 2026');
    await expect(items[2]).toHaveTextContent('35 points on their way, when order KS-20261125-0017 is completed');
  },
};

export const LoadMore: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/expire on/)).toHaveTextContent('120 points expire on Dec 6, 2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = { args: { history: null, loading: true } };

export const Error: Story = { args: { history: null, error: 'The server did not answer. Check your connection.' } };

export const Empty: Story = { args: { history: pointHistoryEmpty } };

/** Nothing expiring soon and no more pages. */
export const AllLoaded: Story = { args: { history: pointHistoryLastPage } };

export const LoadingMore: Story = { args: { loadingMore: true } };

export const LoadMoreFailed: Story = { args: { loadMoreError: 'We couldn’t load older entries. Try again.' } };

/** Stamp cards (issue 29) above the history, with every detail: what earns a stamp and when the stamps expire. */
export const StampCards: Story = {
  args: { history: pointHistoryLastPage, stampCards },
  play: async ({ canvasElement }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Stamp cards' }));
    await expect(section.getByRole('img', { name: '7 of 10 stamps' })).toBeVisible();
    await expect(section.getByText('1 stamp for each Latte or Cappuccino')).toBeVisible();
    await expect(section.getByText(/^Stamps expire/)).toHaveTextContent('Stamps expire Mar 3, 2027');
  },
};

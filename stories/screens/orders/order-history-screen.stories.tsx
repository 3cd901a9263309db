import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OrderHistoryScreen } from '../../../src/screens/orders/order-history-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { money, TIME_ZONE } from '../../fixtures/customer';
import { navItems } from '../../fixtures/nav';
import { orderHistory } from '../../fixtures/orders';

/** /order/home: orders newest first, "Load more" while there is a next page. */
const meta = {
  title: 'Screens/Orders/Order history',
  component: OrderHistoryScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    timeZone: TIME_ZONE,
    orders: orderHistory,
    nextPage: 2,
    nav: <BottomNav items={navItems('home')} />,
    onLoadMore: fn(),
    onOpenOrder: fn(),
    onOpenShop: fn(),
    onRetry: fn(),
    onBack: fn(),
  },
} satisfies Meta<typeof OrderHistoryScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByRole('button', { name: /^Order KS-/ });
    await expect(rows[0]).toHaveTextContent('KS-20261120-0007');
    await expect(rows[rows.length - 1]).toHaveTextContent('KS-20261028-0003');
    await userEvent.click(rows[1]!);
    await expect(args.onOpenOrder).toHaveBeenCalledWith('KS-20261120-0006');
    await userEvent.click(canvas.getByRole('button', { name: 'Load more orders' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { orders: [], loading: true } };

export const Empty: Story = { args: { orders: [], nextPage: null } };

export const Error: Story = { args: { orders: [], error: 'The server did not answer. Check your connection.' } };

export const LoadingMore: Story = { args: { loadingMore: true } };

/** The last page: no "Load more". */
export const LastPage: Story = { args: { nextPage: null } };

/** A later page failed: the loaded orders stay, with a retry. */
export const LoadMoreError: Story = { args: { error: 'We couldn’t load more orders.' } };

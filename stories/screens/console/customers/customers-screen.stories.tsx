import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { CustomersScreen } from '../../../../src/screens/console/customers/customers-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { ANA, ANA_DETAIL, CUSTOMERS, NEWCOMER_DETAIL } from '../../../fixtures/editors';

/** /merchant/customers (staff and owners): find a customer by phone, name or e-mail; their account; owners adjust points. */
const meta = {
  title: 'Console/Customers/Customers',
  component: CustomersScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    query: '0917',
    onQueryChange: fn(),
    results: CUSTOMERS,
    selectedId: ANA.id,
    detail: ANA_DETAIL,
    customerHref: (id: number) => `#/merchant/customers/${id}`,
    listHref: '#/merchant/customers',
    canAdjust: true,
    onAdjust: fn(async (): Promise<SaveProblem | null> => null),
    onRetry: fn(),
    onDetailRetry: fn(),
    onMore: fn(),
    locale: 'en-PH',
    currency: 'PHP',
    timeZone: 'Asia/Manila',
  },
  render: (args) => (
    <ConsoleLayout
      shop="Kopi Senja"
      staff={args.canAdjust ? OWNER : STAFF_MEMBER}
      current="customers"
      title="Customers"
      onSignOut={fn()}
      onSignOutEverywhere={fn()}
      wide
    >
      <CustomersScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof CustomersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ana open beside the list (on a phone: instead of it). */
export const Full: Story = {};

/** Nobody chosen yet: the list, and a word on the right. */
export const Search: Story = {
  args: { selectedId: null, detail: undefined, hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Phone, name or e-mail'), '1');
    await expect(args.onQueryChange).toHaveBeenCalledWith('09171');
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.onMore).toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { results: undefined, loading: true, selectedId: null, detail: undefined } };

export const LoadError: Story = {
  args: { results: undefined, error: 'We could not reach the server. Check your connection and try again.', selectedId: null, detail: undefined },
};

export const NobodyMatches: Story = { args: { query: 'zzz', results: [], selectedId: null, detail: undefined } };

export const NoCustomersYet: Story = { args: { query: '', results: [], selectedId: null, detail: undefined } };

export const DetailLoading: Story = { args: { detail: undefined, detailLoading: true } };

export const DetailError: Story = { args: { detail: undefined, detailError: 'We could not find this customer.' } };

/** Someone who signed up and did nothing yet: every tab says so. */
export const Newcomer: Story = {
  args: { selectedId: NEWCOMER_DETAIL.customer.id, detail: NEWCOMER_DETAIL },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No points yet.')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Orders' }));
    await expect(await canvas.findByText('No orders yet.')).toBeVisible();
  },
};

/** Her orders: a cancelled one says how many of its points were taken back, and how many could not be. */
export const OrdersWithShortfall: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Orders' }));
    await expect(await canvas.findByText('-12 of +33 taken back')).toBeVisible();
    await expect(canvas.getByText('21 not taken back')).toBeVisible();
  },
};

/** Staff look, and cannot adjust. */
export const AsStaff: Story = {
  args: { canAdjust: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Adjust points' })).toBeNull();
  },
};

/** Taking points away needs a reason, which the customer reads; then it says what was done. */
export const Adjust: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Take away' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Points' }), '100');
    await userEvent.click(canvas.getByRole('button', { name: 'Adjust points' }));
    await expect(await canvas.findByText(/The reason is required/)).toBeVisible();
    await expect(args.onAdjust).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Reason (the customer reads it)'), 'Points given twice by mistake');
    await userEvent.click(canvas.getByRole('button', { name: 'Adjust points' }));
    await expect(args.onAdjust).toHaveBeenCalledWith(ANA.id, -100, 'Points given twice by mistake');
    await expect(await canvas.findByText(/Took 100 points\. Ana Reyes is notified\./)).toBeVisible();
  },
};

/** The provider refused: more than she has. */
export const AdjustRefused: Story = {
  args: { onAdjust: fn(async () => ({ message: 'Ana Reyes has 1,250 points: you cannot take away more.', fields: {} })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Take away' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Points' }), '5000');
    await userEvent.type(canvas.getByLabelText('Reason (the customer reads it)'), 'Correction');
    await userEvent.click(canvas.getByRole('button', { name: 'Adjust points' }));
    await expect(await canvas.findByText(/you cannot take away more/)).toBeVisible();
  },
};

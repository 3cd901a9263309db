import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OffersScreen, type OffersScreenProps } from '../../../src/screens/offers/offers-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { money, TIME_ZONE } from '../../fixtures/customer';
import { navItems } from '../../fixtures/nav';
import { autoDelivery, customerOffers } from '../../fixtures/offers';

/** The container copies with the clipboard and says so; here a state does. */
function WithCopy(props: OffersScreenProps & { copyFails?: boolean }) {
  const { copyFails = false, ...rest } = props;
  const [copied, setCopied] = useState(props.copied ?? null);
  return (
    <OffersScreen
      {...rest}
      copied={copied}
      onCopy={(code) => {
        props.onCopy?.(code);
        setCopied({ code, ok: !copyFails });
      }}
    />
  );
}

/** /offers (issue 50): the customer's offers, each with its code to copy or to use at checkout, its minimum spend and end. */
const meta = {
  title: 'Screens/Offers/Offers for you',
  component: OffersScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    timeZone: TIME_ZONE,
    offers: customerOffers,
    nav: <BottomNav items={navItems('home')} />,
    onCopy: fn(),
    onUse: fn(),
    onRetry: fn(),
    onBack: fn(),
  },
  argTypes: { offers: { control: false }, copied: { control: false }, nav: { control: false } },
  render: (args) => <WithCopy {...args} />,
} satisfies Meta<typeof OffersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three offers, soonest ending first: their terms in words; "Use at checkout" puts a code on the order. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const kopi = within(canvas.getByRole('listitem', { name: '10% off this weekend' }));
    await expect(kopi.getByText(/^On orders of/)).toHaveTextContent('On orders of ₱300.00 or more');
    await expect(kopi.getByText(/^Until /)).toHaveTextContent('Until Nov 22, 2026, 11:59 PM');
    await expect(kopi.getByText('Not together with a reward voucher')).toBeVisible();
    const pickup = within(canvas.getByRole('listitem', { name: 'Pickup Tuesdays: 15% off' }));
    await expect(pickup.getByText('Pickup orders only')).toBeVisible();
    await expect(pickup.getByText('At some of our locations only')).toBeVisible();
    await expect(pickup.getByText('No minimum spend')).toBeVisible();
    await expect(within(canvas.getByRole('listitem', { name: '₱50.00 off your first order' })).getByText('No end date')).toBeVisible();
    await userEvent.click(kopi.getByRole('button', { name: 'Use at checkout' }));
    await expect(args.onUse).toHaveBeenCalledWith('KOPI10');
  },
};

/** Copy puts the code on the clipboard, and the card (and a screen reader) says so. */
export const Copied: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code PICKUP15' }));
    await expect(args.onCopy).toHaveBeenCalledWith('PICKUP15');
    await expect(within(canvas.getByRole('listitem', { name: 'Pickup Tuesdays: 15% off' })).getByText('PICKUP15 copied.')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('PICKUP15 copied.');
  },
};

/** The browser would not copy (no permission): select the code instead. */
export const CopyFailed: Story = {
  tags: ['!screen'],
  render: (args) => <WithCopy {...args} copyFails />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code KOPI10' }));
    await expect(canvas.getByRole('status')).toHaveTextContent("We couldn't copy it. Select the code and copy it yourself.");
  },
};

/** Nothing in the cart: codes to copy for later, no "Use at checkout". */
export const NothingInCart: Story = {
  args: { onUse: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Use at checkout' })).toBeNull();
  },
};

/** An automatic offer among them: no code to copy, it applies by itself to the orders it fits. */
export const WithAutomaticOffer: Story = {
  args: { offers: [autoDelivery, ...customerOffers] },
  play: async ({ canvasElement }) => {
    const auto = within(within(canvasElement).getByRole('listitem', { name: autoDelivery.title }));
    await expect(auto.getByText('Applies by itself to orders it fits. No code needed.')).toBeVisible();
    await expect(auto.queryByRole('button')).toBeNull();
    await expect(auto.getByText('Delivery orders only')).toBeVisible();
  },
};

/** An offer on some days and hours: its terms say when. */
export const OnSomeDays: Story = {
  tags: ['!screen'],
  args: { offers: [{ ...customerOffers[0]!, days: ['tue', 'thu'], hours: { start: '14:00', end: '17:00' } }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Tue and Thu, 14:00–17:00 only')).toBeVisible();
  },
};

export const Loading: Story = { args: { offers: undefined, loading: true } };

export const Empty: Story = {
  args: { offers: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No offers right now. Check back soon.')).toBeVisible();
  },
};

export const Error: Story = { args: { offers: undefined, error: 'The server did not answer. Check your connection.' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeliveryScreen } from '../../../src/screens/orders/delivery-screen';
import { addresses, workAddress } from '../../fixtures/addresses';
import { LOCALE } from '../../fixtures/customer';
import { bgc, closedMakati, LOCATIONS_NOW } from '../../fixtures/locations';
import { kopiSenjaSettings } from '../../fixtures/settings';

/** /delivery: Delivery (choose a saved address) or Pickup (the merchant's counter). */
const meta = {
  title: 'Screens/Orders/Delivery',
  component: DeliveryScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    addresses,
    companyName: kopiSenjaSettings.setting_company,
    pickupAddress: kopiSenjaSettings.pickup_address,
    onAddAddress: fn(),
    onSetLocation: fn(),
    onChange: fn(),
    onContinue: fn(),
    onBack: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof DeliveryScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default address (Home) is chosen at first. */
/** The first step of checkout: its heading says so (the document title keeps the route's "Delivery"). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent('Checkout');
  },
};

export const Loading: Story = { args: { addresses: [], loading: true } };

/** No saved addresses: Continue asks for one. */
export const Empty: Story = {
  args: { addresses: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Choose an address, or add a new one, to continue.')).toBeVisible();
    await expect(args.onContinue).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add new address' }));
    await expect(args.onAddAddress).toHaveBeenCalled();
  },
};

export const Error: Story = { args: { addresses: [], error: 'The server did not answer. Check your connection.' } };

export const Pickup: Story = { args: { defaultFulfilment: 'pickup' } };

/** Coming back from a later step with Work chosen. */
export const OtherAddressChosen: Story = { args: { defaultAddressId: workAddress.id } };

/** Toggle to Pickup (the counter's address shows), back to Delivery, choose Work, continue. */
export const DeliveryPickupToggle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Home/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: /Pickup/ }));
    await expect(canvas.getByRole('heading', { name: 'Pick up at Kopi Senja' })).toBeVisible();
    await expect(canvas.getByText('12 Calle Mabini, Makati City')).toBeVisible();
    await expect(canvas.queryByRole('radio', { name: /Home/ })).toBeNull();
    await expect(args.onChange).toHaveBeenLastCalledWith({ fulfilment: 'pickup', addressId: null });
    await userEvent.click(canvas.getByRole('radio', { name: /Delivery/ }));
    await userEvent.click(canvas.getByRole('radio', { name: /Work/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onContinue).toHaveBeenCalledWith({ fulfilment: 'delivery', addressId: workAddress.id });
  },
};

/** A shop with two places (issue 28): "Pick up from", nearest first, each with its address and hours; one is closed today. */
export const TwoPickupPlaces: Story = {
  args: { defaultFulfilment: 'pickup', pickupPlaces: [closedMakati, bgc], now: LOCATIONS_NOW, locale: LOCALE },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Makati/ })).toBeChecked();
    await expect(canvas.getByText('Closed now — opens tomorrow at 7:00 AM')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /BGC/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ fulfilment: 'pickup', addressId: null, locationId: bgc.id });
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onContinue).toHaveBeenCalledWith({ fulfilment: 'pickup', addressId: null, locationId: bgc.id });
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AddNewAddressScreen } from '../../../src/screens/addresses/add-new-address-screen';
import { chosenLocation } from '../../fixtures/addresses';

/** /add-new-address: a delivery address during checkout, with the point from /set-location. */
const meta = {
  title: 'Screens/Addresses/Add new address',
  component: AddNewAddressScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: { location: chosenLocation, onSubmit: fn(), onSetLocation: fn(), onBack: fn() },
} satisfies Meta<typeof AddNewAddressScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Before the location step: the map point is "Not set yet". */
export const Empty: Story = { name: 'Empty (no location yet)', args: { location: null } };

/** Submitting the empty form shows a message on every required field, and nothing is sent. */
export const ValidationErrors: Story = {
  args: { location: null },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save and use this address' }));
    await expect(await canvas.findByText('Give this address a name, like Home or Work.')).toBeVisible();
    await expect(canvas.getByText('Enter who will receive the order.')).toBeVisible();
    await expect(canvas.getByText('Enter a phone number the rider can call.')).toBeVisible();
    await expect(canvas.getByText('Enter the street, building and unit.')).toBeVisible();
    await expect(canvas.getByText('Enter the city.')).toBeVisible();
    await expect(canvas.getByText(/Enter a postal code/)).toBeVisible();
    await expect(canvas.getByText('Set the location on the map so the rider can find you.')).toBeVisible();
    await expect(canvas.getByText('Please check the 7 highlighted fields.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Label' })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A filled form sends the API's fields, trimmed, with the chosen point. */
export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Label' }), 'Studio');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Recipient' }), 'Maria Santos');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '+63 917 123 4567');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Street, building and unit' }), '5th Avenue corner 26th Street');
    await userEvent.type(canvas.getByRole('textbox', { name: 'City' }), 'Taguig City');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Postal code' }), '1634');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Make this my default address' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save and use this address' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      label: 'Studio',
      recipient: 'Maria Santos',
      phone: '+63 917 123 4567',
      line1: '5th Avenue corner 26th Street',
      city: 'Taguig City',
      postal_code: '1634',
      lat: chosenLocation.lat,
      lng: chosenLocation.lng,
      is_default: true,
    });
  },
};

/** 400 VALIDATION from the provider, shown on its fields. */
export const ServerFieldErrors: Story = {
  args: {
    initial: { label: 'Studio', recipient: 'Maria Santos', phone: '+63 917 123 4567', line1: '5th Avenue', city: 'Taguig City', postal_code: '16#4' },
    fieldErrors: { postal_code: 'must be a postal code', line1: 'must be at most 200 characters' },
  },
};

export const Loading: Story = {
  name: 'Loading (saving)',
  args: {
    submitting: true,
    initial: {
      label: 'Studio',
      recipient: 'Maria Santos',
      phone: '+63 917 123 4567',
      line1: '5th Avenue corner 26th Street',
      city: 'Taguig City',
      postal_code: '1634',
    },
  },
};

export const Error: Story = {
  args: {
    initial: {
      label: 'Studio',
      recipient: 'Maria Santos',
      phone: '+63 917 123 4567',
      line1: '5th Avenue corner 26th Street',
      city: 'Taguig City',
      postal_code: '1634',
    },
    formError: 'We couldn’t save the address. Check your connection and try again.',
  },
};

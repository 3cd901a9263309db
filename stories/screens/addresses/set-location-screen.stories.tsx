import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SetLocationScreen } from '../../../src/screens/addresses/set-location-screen';
import { chosenLocation } from '../../fixtures/addresses';

/** /set-location: the device's position or typed coordinates. */
const meta = {
  title: 'Screens/Addresses/SetLocation',
  component: SetLocationScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: { onUseCurrentLocation: fn(), onContinue: fn(), onBack: fn() },
} satisfies Meta<typeof SetLocationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet. */
export const Default: Story = {};

/** Waiting for the device to answer. */
export const Loading: Story = { name: 'Loading (locating)', args: { status: 'locating' } };

/** The device answered: its point fills the fields. */
export const Located: Story = { args: { value: chosenLocation } };

/** The customer (or the browser) said no to location. */
export const GeolocationDenied: Story = { args: { status: 'denied' } };

/** The device could not work out a position. */
export const Error: Story = { name: 'Error (location unavailable)', args: { status: 'unavailable' } };

/** Typed coordinates are checked: out of range and not-a-number are refused, good ones continue. */
export const ManualEntry: Story = {
  args: { status: 'denied' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const lat = canvas.getByRole('textbox', { name: 'Latitude' });
    const lng = canvas.getByRole('textbox', { name: 'Longitude' });
    await userEvent.type(lat, '95');
    await userEvent.type(lng, 'east');
    await userEvent.click(canvas.getByRole('button', { name: 'Use this location' }));
    await expect(await canvas.findByText('Latitude must be between -90 and 90.')).toBeVisible();
    await expect(canvas.getByText(/Longitude must be a number/)).toBeVisible();
    await expect(args.onContinue).not.toHaveBeenCalled();
    await userEvent.clear(lat);
    await userEvent.type(lat, '14.5509');
    await userEvent.clear(lng);
    await userEvent.type(lng, '121.0503');
    await expect(canvas.getByText('14.55090, 121.05030')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use this location' }));
    await expect(args.onContinue).toHaveBeenCalledWith({ lat: 14.5509, lng: 121.0503 });
  },
};

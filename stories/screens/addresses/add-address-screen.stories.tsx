import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { AddAddressScreen } from '../../../src/screens/addresses/add-address-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { addresses, chosenLocation, workAddress } from '../../fixtures/addresses';
import { navItems } from '../../fixtures/nav';

/** /profile/add-address: saved addresses (default badge, edit, delete, make default) and the form. */
const meta = {
  title: 'Screens/Addresses/Add address',
  component: AddAddressScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    addresses,
    nav: <BottomNav items={navItems('profile')} />,
    onSave: fn(),
    onDelete: fn(),
    onMakeDefault: fn(),
    onSetLocation: fn(),
    onRetry: fn(),
    onBack: fn(),
  },
} satisfies Meta<typeof AddAddressScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { addresses: [], loading: true } };

/** A first address: the form starts from the customer's own name and number. */
export const Empty: Story = {
  args: { addresses: [], location: chosenLocation, own: { name: 'Maria Santos', phone: '+639171234567' } },
  play: async ({ canvasElement }) => {
    const form = within(within(canvasElement).getByRole('form', { name: 'Add an address' }));
    await expect(form.getByRole('textbox', { name: 'Recipient' })).toHaveValue('Maria Santos');
    await expect(form.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+639171234567');
    await expect(form.getByRole('textbox', { name: 'Street, building and unit' })).toHaveValue('');
  },
};

export const Error: Story = { args: { addresses: [], error: 'The server did not answer. Check your connection.' } };

/**
 * Making Work the default: its button shows a spinner while it runs, and the page's other changes wait
 * for it, visibly: a press on them while it runs did nothing at all.
 */
export const MakingDefault: Story = {
  args: { busyId: workAddress.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Make Work my default address' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Delete Work' })).toBeDisabled();
    for (const other of addresses.filter((a) => a.id !== workAddress.id)) {
      await expect(canvas.getByRole('button', { name: `Edit ${other.label}` })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: `Delete ${other.label}` })).toBeDisabled();
    }
    await expect(canvas.getByRole('button', { name: 'Add address' })).toBeDisabled();
  },
};

/** Adding an address: while it is sent, the saved addresses' buttons wait for it. */
export const Saving: Story = {
  args: { submitting: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Add address' })).toHaveAttribute('aria-busy', 'true');
    for (const a of addresses) {
      await expect(canvas.getByRole('button', { name: `Edit ${a.label}` })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: `Delete ${a.label}` })).toBeDisabled();
      if (!a.is_default) await expect(canvas.getByRole('button', { name: `Make ${a.label} my default address` })).toBeDisabled();
    }
  },
};

/** Submitting the empty form: a message on each field. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add address' }));
    await expect(await canvas.findByText('Give this address a name, like Home or Work.')).toBeVisible();
    await expect(canvas.getByText('Enter the city.')).toBeVisible();
    await expect(canvas.getByText('Set the location on the map so the rider can find you.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Edit fills the form with that address; saving updates it by id. */
export const EditAddress: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Work' }));
    await expect(canvas.getByRole('heading', { name: 'Edit Work' })).toBeVisible();
    const city = canvas.getByRole('textbox', { name: 'City' });
    await expect(city).toHaveValue('Makati City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Taguig City');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ label: 'Work', city: 'Taguig City' }), workAddress.id);
    await userEvent.click(canvas.getByRole('button', { name: 'Make Work my default address' }));
    await expect(args.onMakeDefault).toHaveBeenCalledWith(workAddress.id);
  },
};

/** Delete asks first. */
export const DeleteAddress: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Work' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Work?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith(workAddress.id);
  },
};

export const ServerErrors: Story = {
  args: { formError: 'We couldn’t save the address. Please try again.', fieldErrors: { postal_code: 'must be a postal code' } },
};

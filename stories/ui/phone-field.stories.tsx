import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PhoneField } from '../../src/ui/phone-field/phone-field';

const meta = {
  title: 'UI/Phone field',
  component: PhoneField,
  args: { onChange: fn(), defaultCountryCode: '62', hint: 'We text you a 6-digit code.' },
} satisfies Meta<typeof PhoneField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Phone number'), '0812-3456-7890');
    await expect(args.onChange).toHaveBeenLastCalledWith('+6281234567890');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country code' }), '65');
    await expect(args.onChange).toHaveBeenLastCalledWith('+6581234567890');
  },
};
/** Pasted or auto-filled with the country code: the same number, not the code twice (issue #25). */
export const PastedWithCountryCode: Story = {
  args: { defaultCountryCode: '63' },
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByLabelText('Phone number');
    await userEvent.click(field);
    await userEvent.paste('+63 917 555 0123');
    await expect(args.onChange).toHaveBeenLastCalledWith('+639175550123');
    await userEvent.clear(field);
    await userEvent.paste('639175550123');
    await expect(args.onChange).toHaveBeenLastCalledWith('+639175550123');
  },
};
/** Issue 46: a pasted or typed +44 number moves the select to +44, never "+63" in front of it. */
export const PastedOtherCountry: Story = {
  args: { defaultCountryCode: '63' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Phone number');
    await userEvent.click(field);
    await userEvent.paste('+44 7911 123456');
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toHaveValue('44');
    await expect(field).toHaveValue('7911 123456');
    await expect(args.onChange).toHaveBeenLastCalledWith('+447911123456');
    await userEvent.clear(field);
    await userEvent.type(field, '+1 415 555 0100');
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toHaveValue('1');
    await expect(args.onChange).toHaveBeenLastCalledWith('+14155550100');
  },
};
export const OtherDefaultCountry: Story = { args: { defaultCountryCode: '60' } };
export const WithError: Story = { args: { defaultNumber: '12', error: 'Enter a full phone number' } };

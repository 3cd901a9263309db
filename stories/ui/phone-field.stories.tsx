import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PhoneField } from '../../src/ui/phone-field/phone-field';

const meta = {
  title: 'UI/PhoneField',
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
export const OtherDefaultCountry: Story = { args: { defaultCountryCode: '60' } };
export const WithError: Story = { args: { defaultNumber: '12', error: 'Enter a full phone number' } };

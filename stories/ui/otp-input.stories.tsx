import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput } from '../../src/ui/otp-input/otp-input';

const meta = {
  title: 'UI/OTP input',
  component: OtpInput,
  args: { onComplete: fn(), onChange: fn() },
} satisfies Meta<typeof OtpInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Typing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('textbox', { name: 'Digit 1 of 6' });
    await expect(first).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(first).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(first);
    await userEvent.keyboard('12345');
    await expect(canvas.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveFocus();
    // Backspace on an empty box clears the previous one and moves back.
    await userEvent.keyboard('{Backspace}');
    await expect(canvas.getByRole('textbox', { name: 'Digit 5 of 6' })).toHaveFocus();
    await expect(canvas.getByRole('textbox', { name: 'Digit 5 of 6' })).toHaveValue('');
    await userEvent.keyboard('56');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

export const Paste: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('482 913');
    for (const [i, d] of [...'482913'].entries()) {
      await expect(canvas.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(d);
    }
    await expect(args.onComplete).toHaveBeenCalledWith('482913');
  },
};

export const WithError: Story = { args: { error: 'That code is not right. Check the SMS and try again.' } };
export const Disabled: Story = { args: { disabled: true } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { OtpScreen, type OtpErrorCode } from '../../../src/screens/auth/otp-screen';
import { GOOD_CODE, merchantFor, PHONE } from '../../fixtures/auth';

/** /otp: six boxes, the number it went to, resend countdown, wrong / expired code, too many tries. */
const meta = {
  title: 'Screens/Auth/OTP',
  component: OtpScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', landing: true, pseudoCheck: true },
  args: { phone: PHONE, resendIn: 0, onVerify: fn(), onResend: fn(), onChangeNumber: fn() },
  render: (args, { globals }) => {
    const { companyName, logo } = merchantFor(globals);
    return <OtpScreen companyName={companyName} logo={logo} {...args} />;
  },
} satisfies Meta<typeof OtpScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Just sent: a new code can be asked for in 45 seconds. */
export const Default: Story = { args: { resendIn: 45 } };

/** Typing the six digits verifies at once (no extra tap). */
export const EnterCode: Story = {
  args: { resendIn: 45 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard(GOOD_CODE);
    await expect(args.onVerify).toHaveBeenCalledWith(GOOD_CODE);
  },
};

/** Pasting the code from the message fills every box and verifies. */
export const PasteCode: Story = {
  args: { resendIn: 45 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('482 913');
    await expect(canvas.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('3');
    await expect(args.onVerify).toHaveBeenCalledWith(GOOD_CODE);
  },
};

/** Verify with boxes missing: asks for all six digits, sends nothing. */
export const IncompleteCode: Story = {
  args: { resendIn: 45 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('482');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Enter all 6 digits of the code.')).toBeVisible();
    await expect(args.onVerify).not.toHaveBeenCalled();
  },
};

/**
 * Issue 46: a wrong code went to the server twice (typed to six digits, then Verify), two of five tries
 * gone. The screen sends a code once while it is checked, and not again once refused until it changes.
 */
export const SameCodeSentOnce: Story = {
  tags: ['!screen'],
  args: { resendIn: 45 },
  render: function Render(args) {
    const [verifying, setVerifying] = useState(false);
    const [errorCode, setErrorCode] = useState<OtpErrorCode | null>(null);
    // the flow's answer comes a moment later: a refusal, with the tries left
    const onVerify = (code: string) => {
      args.onVerify?.(code);
      setErrorCode(null);
      setVerifying(true);
      setTimeout(() => {
        setVerifying(false);
        setErrorCode('INVALID_CODE');
      }, 300);
    };
    return <OtpScreen {...args} onVerify={onVerify} verifying={verifying} errorCode={errorCode} attemptsLeft={errorCode ? 4 : null} />;
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('111111');
    // Verify at once, while the typed code is being checked
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText(/That code isn't right/)).toBeVisible();
    await expect(args.onVerify).toHaveBeenCalledTimes(1);
    // refused: Verify again with the same code sends nothing and says why
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText(/You already tried this code/)).toBeVisible();
    await expect(args.onVerify).toHaveBeenCalledTimes(1);
    // a changed digit is a new code: sent at once
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 6 of 6' }));
    await userEvent.keyboard('2');
    await waitFor(() => expect(args.onVerify).toHaveBeenCalledTimes(2));
    await expect(args.onVerify).toHaveBeenLastCalledWith('111112');
  },
};

export const Loading: Story = { name: 'Loading (verifying)', args: { verifying: true, resendIn: 38 } };

/** 400 INVALID_CODE: the tries left are shown. */
export const WrongCode: Story = { args: { errorCode: 'INVALID_CODE', attemptsLeft: 3, resendIn: 20 } };

export const ExpiredCode: Story = { args: { errorCode: 'CODE_EXPIRED' } };

export const TooManyAttempts: Story = { args: { errorCode: 'TOO_MANY_ATTEMPTS' } };

/** Countdown finished: "Resend code" asks for a new one and clears the boxes. */
export const ResendAvailable: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('12');
    await userEvent.click(canvas.getByRole('button', { name: 'Resend code' }));
    await expect(args.onResend).toHaveBeenCalled();
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Change number' }));
    await expect(args.onChangeNumber).toHaveBeenCalled();
  },
};

/** A longer wait, read as words. */
export const ResendCountdown: Story = { args: { resendIn: 75 } };

export const Error: Story = { args: { resendIn: 30, formError: 'We couldn’t reach the server. Check your connection and try again.' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SpinScreen } from '../../../src/screens/spin/spin-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { TIME_ZONE } from '../../fixtures/profile';
import {
  spinNoPrize,
  spinWonPoints,
  spinWonVoucher,
  wheelConfig,
  wheelConfigFreeOnly,
  wheelConfigNoSpins,
  wheelConfigPaid,
  wheelConfigPoor,
} from '../../fixtures/wheel-config';

/**
 * /spin: the wheel with its disclosed odds. Screenshots run with reduced motion, so a landed
 * wheel is drawn at its final angle at once and a waiting wheel (Spinning) stands still.
 */
const meta = {
  title: 'Screens/Spin/Spin and win',
  component: SpinScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    config: wheelConfig,
    locale: 'en-PH',
    timeZone: TIME_ZONE,
    nav: <BottomNav items={navItems('spin')} />,
    onSpin: fn(),
    onSpinEnd: fn(),
    onOpenStorage: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof SpinScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Idle, with today's free spin. */
export const Default: Story = {};

export const Loading: Story = { args: { config: null, loading: true } };

export const Error: Story = { args: { config: null, error: 'The server did not answer. Check your connection.' } };

/** The free spin is used: with 60 points the next one costs 20 points, and the button offers it (issue #25). */
export const PaidSpin: Story = {
  args: { config: wheelConfigPaid },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Spin for 20 points' });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onSpin).toHaveBeenCalledTimes(1);
  },
};

/** Waiting for the server's result: the wheel turns slowly (still in screenshots). */
export const Spinning: Story = { args: { spinning: true } };

export const WonPoints: Story = { args: { config: wheelConfig, result: spinWonPoints } };

/** A voucher won: the way to its QR code for the counter, never its reference as a code to show (issue #25). */
export const WonVoucher: Story = {
  args: { result: spinWonVoucher },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement).not.toHaveTextContent(spinWonVoucher.prize.voucher!.code);
    await userEvent.click(canvas.getByRole('button', { name: 'Show my voucher' }));
    await expect(args.onOpenStorage).toHaveBeenCalledTimes(1);
  },
};

export const NoPrize: Story = { args: { result: spinNoPrize } };

/** The provider's daily limit: no spins left today, though the points would pay for one. */
export const NoSpinsLeft: Story = { args: { config: wheelConfigNoSpins } };

/** The shop sells no extra spins and today's free spin is taken: the button says so. */
export const FreeSpinOnly: Story = {
  args: { config: wheelConfigFreeOnly },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Spin for free' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('You’ve had today’s free spin. Come back tomorrow for the next one.');
  },
};

/** 12 points of the 20 a spin costs: the button says how many more. */
export const NotEnoughPoints: Story = {
  args: { config: wheelConfigPoor },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Spin for 20 points' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/^You need 8 points more to spin\. Each extra spin costs 20 points ?\.$/);
  },
};

export const SpinFailed: Story = { args: { spinError: 'The spin didn’t go through. You were not charged; please try again.' } };

export const ClickSpin: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Spin for free' }));
    await expect(args.onSpin).toHaveBeenCalledTimes(1);
  },
};

/** The disabled button names its reason. */
export const NoSpinsReason: Story = {
  args: { config: wheelConfigNoSpins },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: /Spin for/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('No spins left today. Come back tomorrow for your free spin.');
    await expect(args.onSpin).not.toHaveBeenCalled();
  },
};

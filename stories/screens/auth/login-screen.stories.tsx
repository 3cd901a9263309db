import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginScreen } from '../../../src/screens/auth/login-screen';
import { LanguageSwitch } from '../../../src/ui';
import { merchantFor, PHONE, playLettersInPhone } from '../../fixtures/auth';

/** A stand-in for the Google Identity Services button the app renders in the slot. */
const googleButton = (
  <button type="button" className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-surface-raised px-5 font-medium text-ink">
    <span aria-hidden="true" className="font-bold text-brand-ink">
      G
    </span>
    Sign in with Google
  </button>
);

/** /login: phone number with the merchant's calling code, "Send code", optional Google sign-in. */
const meta = {
  title: 'Screens/Auth/Login',
  component: LoginScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', landing: true, pseudoCheck: true },
  args: { onSendCode: fn(), onRegister: fn() },
  render: (args, { globals }) => <LoginScreen {...merchantFor(globals)} {...args} />,
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/**
 * The high-contrast theme whatever the toolbar says (`parameters.theme`): a bright yellow brand, so text on
 * it turns black and brand ink darkens; screenshot on the phone and the desktop, checked by axe on both.
 */
/**
 * In Filipino (`parameters.language`, whatever the toolbar says), with the choice of language the sign-in
 * page shows when the shop offers more than one: each language in its own name.
 */
export const InFilipino: Story = {
  parameters: { language: 'fil' },
  args: { languageSwitch: <LanguageSwitch languages={['en', 'fil', 'id']} value="fil" onChange={fn()} className="mt-4" /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Ipadala ang code' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Wika' })).toHaveValue('fil');
    await expect(canvas.getByRole('option', { name: 'Bahasa Indonesia' })).toBeInTheDocument();
  },
};

/** In Bahasa Indonesia, the third language the demo shop offers: a phone's baseline. */
export const InIndonesian: Story = {
  parameters: { language: 'id', noScreenshotOn: ['desktop'] },
  args: { languageSwitch: <LanguageSwitch languages={['en', 'fil', 'id']} value="id" onChange={fn()} className="mt-4" /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Kirim kode' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Bahasa' })).toHaveValue('id');
  },
};

export const HighContrast: Story = { parameters: { theme: 'contrast' } };

/** Google sign-in is shown only when the merchant enabled it (the app passes the button). */
export const WithGoogle: Story = { args: { googleButton } };

/**
 * Google makes a new customer's account at once, so the shop's terms and privacy notice are said under
 * its button when the owner set them (issue 45); the phone way says them on the name step.
 */
export const WithGoogleAndTerms: Story = {
  args: { googleButton, termsUrl: 'https://shop.example/terms', privacyUrl: 'https://shop.example/privacy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // the terms load with Google's button (off the sign-in page's first load)
    await expect(await canvas.findByText(/By continuing with Google you agree to the shop's/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Terms (opens in a new tab)' })).toHaveAttribute('href', 'https://shop.example/terms');
    await expect(canvas.getByRole('link', { name: 'Privacy notice (opens in a new tab)' })).toHaveAttribute('href', 'https://shop.example/privacy');
  },
};

/** Typing a number and sending: the screen hands the container the E.164 number. */
export const SendCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '0917 123 4567');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(args.onSendCode).toHaveBeenCalledWith(PHONE);
  },
};

/**
 * A number pasted (or filled in by the browser) with its country code next to the "+63" select: the
 * same E.164 number as typed the national way, never "+63" twice (issue #25).
 */
export const PastedWithCountryCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Phone number' });
    for (const pasted of ['+639171234567', '639171234567', '+63 (0) 917-123-4567']) {
      await userEvent.clear(field);
      await userEvent.click(field);
      await userEvent.paste(pasted);
      await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
      await expect(args.onSendCode).toHaveBeenLastCalledWith(PHONE);
    }
    await expect(args.onSendCode).toHaveBeenCalledTimes(3);
  },
};

/** Nothing typed: the field says so and nothing is sent. */
export const EmptyPhone: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByText('Enter your phone number.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSendCode).not.toHaveBeenCalled();
  },
};

/** Letters typed (issue 46): the field says what is wrong with them. */
export const LettersInPhone: Story = { tags: ['!screen'], play: playLettersInPhone };

/** Sending: the button shows a spinner and the field is locked. */
export const Loading: Story = { name: 'Loading (sending code)', args: { sending: true, defaultNumber: '917 123 4567' } };

/** The provider refused the number (400 VALIDATION on `phone`). */
export const PhoneError: Story = { args: { defaultNumber: '12345', fieldErrors: { phone: 'must be a phone number' } } };

/** 429 RATE_LIMITED with retry_after: the wait is shown and Send code is disabled. */
export const RateLimited: Story = { args: { defaultNumber: '917 123 4567', retryAfter: 754 } };

export const Error: Story = {
  args: { defaultNumber: '917 123 4567', formError: 'We couldn’t reach the server. Check your connection and try again.' },
};

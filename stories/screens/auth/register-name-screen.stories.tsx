import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RegisterNameScreen } from '../../../src/screens/auth/register-name-screen';
import { merchantFor } from '../../fixtures/auth';

/** /register-name: name and an optional e-mail; the shop's terms and privacy notice linked under the button when the owner set them. */
const meta = {
  title: 'Screens/Auth/Register name',
  component: RegisterNameScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', landing: true, pseudoCheck: true },
  args: { onSubmit: fn() },
  render: (args, { globals }) => {
    const { companyName, logo } = merchantFor(globals);
    return <RegisterNameScreen companyName={companyName} logo={logo} {...args} />;
  },
} satisfies Meta<typeof RegisterNameScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The owner set no links (Settings → Contact): no line under the button. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/By signing up/)).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** Both links set: each opens in a new tab, named for screen readers. */
export const WithTermsAndPrivacy: Story = {
  args: { termsUrl: 'https://kopisenja.ph/terms', privacyUrl: 'https://kopisenja.ph/privacy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/By signing up you agree to the shop's/)).toHaveTextContent(
      "By signing up you agree to the shop's Terms (opens in a new tab) and Privacy notice (opens in a new tab).",
    );
    const terms = canvas.getByRole('link', { name: 'Terms (opens in a new tab)' });
    await expect(terms).toHaveAttribute('href', 'https://kopisenja.ph/terms');
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByRole('link', { name: 'Privacy notice (opens in a new tab)' })).toHaveAttribute('href', 'https://kopisenja.ph/privacy');
  },
};

/** Only a privacy notice: only it is linked. */
export const WithPrivacyOnly: Story = {
  tags: ['!screen'],
  args: { privacyUrl: 'https://kopisenja.ph/privacy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/By signing up/)).toHaveTextContent("By signing up you agree to the shop's Privacy notice (opens in a new tab).");
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};

/** Submitting nothing asks for a name; a bad e-mail is caught before sending. */
export const Validation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail (optional)' }), 'jose@');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('Enter your name.')).toBeVisible();
    await expect(canvas.getByText(/Enter an e-mail address like/)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Name only: the e-mail is optional, and offers are off unless the box is ticked (opt-in, issue 46). */
export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: /Send me offers and news/ })).not.toBeChecked();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your name' }), '  Jose Reyes ');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Jose Reyes', email: '', offers: false });
  },
};

/** Ticking "Send me offers and news" with the keyboard: the account starts with offers on. */
export const SubmitWithOffers: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your name' }), 'Jose Reyes');
    canvas.getByRole('checkbox', { name: /Send me offers and news/ }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Jose Reyes', email: '', offers: true });
  },
};

export const Loading: Story = {
  name: 'Loading (creating account)',
  args: { submitting: true, defaultValues: { name: 'Jose Reyes', email: 'jose@example.com' } },
};

/** 400 VALIDATION from the provider, worded for a person. */
export const ServerFieldError: Story = {
  args: { defaultValues: { name: 'Jose Reyes', email: 'jose@example' }, fieldErrors: { email: 'must be an e-mail address' } },
};

export const Error: Story = { args: { defaultValues: { name: 'Jose Reyes' }, formError: 'Your registration took too long. Please start again.' } };

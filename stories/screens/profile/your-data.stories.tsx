import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { YourData } from '../../../src/screens/profile/your-data';
import { deletionStatus, deletionStatusNoBalance } from '../../fixtures/privacy';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';

/**
 * The profile's "Your data" (issue 45): "Download my data" (everything the shop keeps, as a JSON file)
 * and "Delete my account", whose dialog says when the account goes, what goes, what the shop keeps and
 * what is lost, and asks for DELETE typed before its button works.
 */
const meta = {
  title: 'Screens/Profile/Your data',
  component: YourData,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'padded', docs: { story: DIALOGS_IN_FRAMES }, pseudoCheck: true },
  args: {
    status: deletionStatus,
    currency: 'PHP',
    locale: 'en-PH',
    onDownload: fn(),
    onDeleteOpenChange: fn(),
    onRetryStatus: fn(),
    onDelete: fn(),
  },
  decorators: [(Story) => <div className="mx-auto max-w-xl">{Story()}</div>],
} satisfies Meta<typeof YourData>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog is in the page's <body>, outside the story's canvas. */
const page = (el: HTMLElement) => within(el.ownerDocument.body);
const findDialog = (el: HTMLElement) => page(el).findByRole('dialog', { name: 'Delete your account?' });

/** Tabs (at most `max` times) until `target` has focus: the keyboard's way there. */
async function tabTo(target: HTMLElement, max = 10) {
  for (let i = 0; i < max && target.ownerDocument.activeElement !== target; i++) await userEvent.tab();
  await expect(target).toHaveFocus();
}

/** Types DELETE in the dialog's field, as a person would. */
async function typeConfirmation(dialog: HTMLElement) {
  const field = within(dialog).getByLabelText('Type DELETE to confirm');
  await userEvent.type(field, 'DELETE');
}

/** Closed: the two actions, nothing asked yet. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Delete my account' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page(canvasElement).queryByRole('dialog')).toBeNull();
  },
};

/** The file is being made: the button waits, and says so. */
export const Downloading: Story = {
  args: { downloading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Getting your data ready…');
  },
};

/** The download failed: why, under the buttons; trying again is the same button, here by keyboard. */
export const DownloadFailed: Story = {
  args: { downloadError: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("We couldn't download your data");
    await tabTo(canvas.getByRole('button', { name: 'Download my data' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onDownload).toHaveBeenCalledTimes(1);
  },
};

/** The dialog: 14 days, what goes, what the shop keeps, 1,250 points lost and ₱485.00 not paid out. */
export const DeleteDialogOpen: Story = {
  args: { deleteOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await expect(dialog).toHaveTextContent('We delete your account 14 days after you ask.');
    await expect(dialog).toHaveTextContent('Sign in again before then and your account stays');
    await expect(dialog).toHaveTextContent('Your name, phone number, e-mail address and birthday');
    await expect(dialog).toHaveTextContent('Your orders and payments, which the shop needs for its accounts. Your name is no longer on them.');
    await expect(dialog).toHaveTextContent('You lose your 1,250 points, your unused vouchers and your stamp cards.');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Your wallet still has ₱485.00');
    await expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  },
};

/**
 * By keyboard only: Tab to "Delete my account", Enter opens the dialog, the button waits until DELETE
 * is typed, and Enter in the field asks.
 */
export const TypeDeleteToConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete my account' });
    await tabTo(trigger);
    await userEvent.keyboard('{Enter}');
    const dialog = await findDialog(canvasElement);
    const inDialog = within(dialog);
    const confirm = inDialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    const field = inDialog.getByLabelText('Type DELETE to confirm');
    await waitFor(() => expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    await tabTo(field);
    await userEvent.keyboard('DELET');
    await expect(confirm).toBeDisabled();
    await userEvent.keyboard('E');
    await expect(confirm).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};

/** Nothing in the wallet and no points: no warning, no points to lose; the shop's 30 days. */
export const DeleteDialogNoBalance: Story = {
  args: { deleteOpen: true, status: deletionStatusNoBalance },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await expect(dialog).toHaveTextContent('We delete your account 30 days after you ask.');
    await expect(dialog).not.toHaveTextContent('Your wallet still has');
    await expect(dialog).toHaveTextContent('You lose your unused vouchers and your stamp cards.');
    await expect(within(dialog).queryByRole('status')).toBeNull();
  },
};

/** What a deletion would leave behind is still being read. */
export const DeleteDialogLoading: Story = {
  args: { deleteOpen: true, status: null },
  play: async ({ canvasElement }) => {
    const dialog = within(await findDialog(canvasElement));
    await expect(dialog.getByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(dialog.queryByLabelText('Type DELETE to confirm')).toBeNull();
  },
};

/** It could not be read: why, and Try again. */
export const DeleteDialogError: Story = {
  args: { deleteOpen: true, status: null, statusError: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await findDialog(canvasElement));
    await expect(dialog.getByRole('alert')).toHaveTextContent("We couldn't check your account");
    await expect(dialog.queryByLabelText('Type DELETE to confirm')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetryStatus).toHaveBeenCalledTimes(1);
  },
};

/** DELETE typed and the request under way: the button waits. */
export const Deleting: Story = {
  args: { deleteOpen: true, deleting: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement);
    await typeConfirmation(dialog);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(confirm);
    await expect(args.onDelete).not.toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toBeDisabled();
  },
};

/** The request failed: why, in the dialog, DELETE still typed to try again. */
export const DeleteFailed: Story = {
  args: { deleteOpen: true, deleteError: 'Something went wrong. Please try again.' },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await typeConfirmation(dialog);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent("We couldn't delete your account");
    await expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { ApiKey } from '#contract/api-keys';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { ApiKeysScreen } from '../../../../src/screens/console/integrations/api-keys-screen';
import { OWNER } from '../../../fixtures/console';
import { DIALOGS_IN_FRAMES } from '../../../fixtures/docs';

const TILL: ApiKey = {
  id: 3,
  name: 'Front till',
  scopes: ['orders:write', 'menu:write'],
  shown: 'lk_Qm8x2Z',
  created_at: '2026-11-02T01:00:00.000Z',
  last_used_at: '2026-11-20T02:14:00.000Z',
  rotated_at: null,
  previous_until: null,
  revoked_at: null,
};
const STOCK: ApiKey = { ...TILL, id: 2, name: 'Stock sync', scopes: ['menu:write'], shown: 'lk_9fTq0a', last_used_at: null };
const OLD: ApiKey = { ...TILL, id: 1, name: 'Old kiosk', scopes: ['orders:write'], shown: 'lk_b3Kd7W', revoked_at: '2026-11-10T08:30:00.000Z' };
const SECRET = 'lk_Qm8x2ZpL4vN0cR7tY1wE9sKjH3bG6fD5aU8iO2xMq_z';

/**
 * /merchant/api-keys (owners, issue 52): the keys a till or another system uses for the merchant calls,
 * each with what it may do and when it was last used; a new key shown once; a new secret (the old one
 * works 24 hours more); revoking; and the server's merchant key, on until an owner turns it off.
 */
const meta = {
  title: 'Console/Integrations/API keys',
  component: ApiKeysScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: {
    keys: [TILL, STOCK, OLD],
    legacyKey: { on: true, turned_off_at: null, last_used_at: '2026-11-19T23:40:00.000Z' },
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
    onRetry: fn(),
    onCreate: fn(async (): Promise<{ secret: string } | SaveProblem> => ({ secret: SECRET })),
    onRotate: fn(async (): Promise<{ secret: string } | SaveProblem> => ({ secret: SECRET })),
    onRevoke: fn(async (): Promise<SaveProblem | null> => null),
    onLegacyOff: fn(async (): Promise<SaveProblem | null> => null),
    onCopy: fn(),
  },
  argTypes: { keys: { control: false }, legacyKey: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="apiKeys" title="API keys" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <ApiKeysScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ApiKeysScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two keys at work, one revoked, and the server's key still on. */
export const Keys: Story = {
  play: async ({ canvasElement }) => {
    const keys = within(within(canvasElement).getByRole('list', { name: 'API keys' }));
    await expect(keys.getAllByRole('listitem', { name: /till|sync/i })).toHaveLength(2);
    await expect(within(canvasElement).getByRole('list', { name: 'Revoked API keys' })).toHaveTextContent('Old kiosk');
  },
};

/** No key yet: the server's key is all there is. */
export const Empty: Story = { args: { keys: [] } };

export const Loading: Story = { tags: ['!screen'], args: { keys: undefined, legacyKey: undefined, loading: true } };

export const LoadError: Story = { args: { keys: undefined, legacyKey: undefined, error: 'We could not reach the server.' } };

/** The form refuses a key without a name or a permission before anything is sent; then creates it and shows it once. */
export const CreateKey: Story = {
  args: { initialDialog: 'new' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Create an API key' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create key' }));
    await expect(dialog.getByText('Give the key a name, such as Front till.')).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Kitchen screen');
    await userEvent.click(dialog.getByLabelText(/Move orders on/));
    await userEvent.click(dialog.getByRole('button', { name: 'Create key' }));
    await expect(args.onCreate).toHaveBeenCalledWith('Kitchen screen', ['orders:write']);
    const shown = within(await screen.findByRole('dialog', { name: 'The key for Kitchen screen' }));
    await expect(shown.getByLabelText('API key')).toHaveValue(SECRET);
  },
};

/** A new key shown once, to copy. */
export const SecretShownOnce: Story = {
  args: { initialDialog: { secret: SECRET, name: 'Front till' } },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'The key for Front till' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Copy key' }));
    await expect(args.onCopy).toHaveBeenCalledWith(SECRET);
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  },
};

/** Turning the server's key off is asked first; once off, it says so. */
export const LegacyKeyOff: Story = {
  args: { legacyKey: { on: false, turned_off_at: '2026-11-21T03:00:00.000Z', last_used_at: '2026-11-19T23:40:00.000Z' } },
};

/** Revoking asks first, and says what it does. */
export const RevokeAsked: Story = {
  play: async ({ canvasElement, args }) => {
    const till = within(within(canvasElement).getByRole('listitem', { name: 'Front till' }));
    await userEvent.click(till.getByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke Front till?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke key' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(3);
  },
  // an interaction: the screen is the list's (Keys)
  tags: ['!screen'],
};

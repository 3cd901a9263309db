import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../src/screens/console/console-layout';
import { ThemeStudioScreen } from '../../../src/screens/console/theme-studio-screen';
import { DRAFT, formatTime, OWNER, VERSIONS } from '../../fixtures/console';
import { kopiSenjaSettings } from '../../fixtures/settings';
import { categories } from '../../fixtures/shop';
import { rewards } from '../../fixtures/rewards';

/**
 * /merchant/theme (owners): the brand as a draft, checked for contrast, previewed in the customer app's
 * real screens (Lite and Full side by side), shared, published and restored.
 */
const meta = {
  title: 'Console/Brand',
  component: ThemeStudioScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    draft: DRAFT,
    save: { status: 'saved', at: '2026-11-23T09:30:00.000Z' },
    live: true,
    versions: VERSIONS,
    currentVersionId: 3,
    formatTime,
    shop: kopiSenjaSettings,
    categories,
    rewards,
    onChange: fn(),
    onUpload: fn(),
    onPublish: fn(),
    onShare: fn(),
    onRestore: fn(),
    onRetry: fn(),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="theme" title="Brand" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <ThemeStudioScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ThemeStudioScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The live theme, nothing changed. */
export const Live: Story = {};

export const Loading: Story = { args: { draft: undefined, loading: true } };

export const LoadError: Story = { args: { draft: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** A draft not published yet, in the Lite version, being saved. */
export const UnpublishedDraft: Story = { args: { draft: { ...DRAFT, version: 'Lite', brand_color: '#1d4ed8' }, live: false, save: { status: 'saving' } } };

/** Text on the brand colour too faint: the check says so and offers the nearest colour that passes. */
export const FailingContrast: Story = {
  args: { draft: { ...DRAFT, brand_color: '#fde047' }, live: false, publishError: 'Customers could not read text on this brand colour. Try #8a7500, the nearest colour that passes.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Too faint')[0]).toBeVisible();
    const use = canvas.getByRole('button', { name: /^Use #[0-9a-f]{6}$/ });
    await userEvent.click(use);
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ brand_color: use.textContent!.replace('Use ', '') }));
  },
};

/** A refused upload, on its field; another one in progress. */
export const UploadRefused: Story = {
  args: { uploading: 'landing_body_background_image', uploadErrors: { post_file: 'Choose a PNG, JPEG or WebP image (not SVG).' }, save: { status: 'failed', message: 'We could not reach the server.' } },
};

/** Published, with a preview link to share. */
export const PublishedAndShared: Story = {
  args: { published: 'Published. Customers see the new look within a few seconds.', shareLink: { url: 'https://shop.example/?preview=Zk0r8bW5n9Xy4aLmP0sT6vQe2uH1gF8iK3q2-7cJd1', expires: '24 Nov 2026, 17:30' } },
};

/** Editing: the shop name and the version reach the container; the preview pages are tabs. */
export const Editing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Shop name'), '!');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ setting_company: 'Kopi Senja!' }));
    await userEvent.click(canvas.getByRole('radio', { name: /Lite/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ version: 'Lite' }));
    await userEvent.click(canvas.getByRole('tab', { name: 'Shop' }));
    await expect(canvas.getAllByText('Spanish latte').length).toBeGreaterThan(0);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Restore the version of/ })[0]!);
    await expect(args.onRestore).toHaveBeenCalledWith(2);
  },
};

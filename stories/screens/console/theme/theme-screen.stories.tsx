import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, screen, userEvent, within } from 'storybook/test';
import type { ThemeSettings } from '../../../../src/contract/theme';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { ThemeStudioScreen } from '../../../../src/screens/console/theme/theme-screen';
import { DRAFT, formatTime, OWNER, VERSIONS } from '../../../fixtures/console';
import { kopiSenjaSettings } from '../../../fixtures/settings';
import { categories } from '../../../fixtures/shop';
import { rewards } from '../../../fixtures/rewards';

/**
 * /merchant/theme (owners): the brand as a draft, checked for contrast, previewed in the customer app's
 * real screens (Lite and Full side by side, each in a phone of its own: an iframe at a phone's width,
 * drawn smaller), shared with a link and its QR code, published and restored after asking.
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

/**
 * White text chosen on a light brand colour: said once, in words, where the colours are; the first fix
 * is the obvious one (black text, which is what automatic picks), the second a darker brand colour.
 * Publish does not publish it: it takes the owner to the problem.
 */
export const FailingContrast: Story = {
  args: { draft: { ...DRAFT, brand_color: '#22c55e', brand_text_color: '#ffffff' }, live: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('White text on this green is hard to read.')).toHaveLength(1);
    const fixes = within(canvas.getByRole('list', { name: 'Can customers read the text?' })).getAllByRole('button');
    await expect(fixes.map((b) => b.textContent)).toEqual(['Use black text', expect.stringMatching(/^Use a darker green \(#[0-9a-f]{6}\)$/)]);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    await expect(args.onPublish).not.toHaveBeenCalled();
    await expect(canvas.getByText('White text on this green is hard to read.').closest('li')).toHaveFocus();
    await userEvent.click(fixes[0]!);
    await expect(args.onChange).toHaveBeenCalledWith(expect.not.objectContaining({ brand_text_color: expect.anything() }));
  },
};

/** Publish asks first, saying what customers will see and when. */
export const ConfirmPublish: Story = {
  args: { live: false, save: { status: 'saved', at: '2026-11-23T09:30:00.000Z' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Publish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the new look?' }));
    await expect(dialog.getByText(/within about 10 seconds/)).toBeVisible();
    await expect(args.onPublish).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Publish now' }));
    await expect(args.onPublish).toHaveBeenCalledTimes(1);
  },
};

/** Restore asks first too; two versions published in the same minute are told apart by their seconds. */
export const ConfirmRestore: Story = {
  args: {
    versions: [{ ...VERSIONS[0]!, published_at: '2026-11-20T10:05:41.000Z' }, { ...VERSIONS[1]!, published_at: '2026-11-20T10:05:09.000Z' }, VERSIONS[2]!],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Restore the version of 20 Nov 2026, 18:05:09' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restore the look of 20 Nov 2026, 18:05:09?' }));
    await expect(dialog.getByText(/within about 10 seconds/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Restore' }));
    await expect(args.onRestore).toHaveBeenCalledWith(2);
  },
};

/** Text colours left to the app: each says it is automatic, and which colour that comes to. */
export const AutomaticText: Story = {
  args: { draft: { ...DRAFT, brand_text_color: undefined, landing_text_color: undefined }, save: { status: 'idle' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Automatic: white')).toBeVisible();
    await expect(canvas.getByText('Automatic: black')).toBeVisible();
    await expect(canvas.queryByText('#ffffff')).toBeNull();
    // nothing changed yet: no "Not saved yet"
    await expect(canvas.queryByText(/Not saved yet/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Choose a colour for text on the brand colour' }));
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ brand_text_color: '#ffffff' }));
  },
};

/** A refused upload, on its field; another one in progress. */
export const UploadRefused: Story = {
  args: {
    uploading: 'landing_body_background_image',
    uploadErrors: { post_file: 'Choose a PNG, JPEG or WebP image (not SVG).' },
    save: { status: 'failed', message: 'We could not reach the server.' },
  },
};

/** Published, with a preview link to copy or to open on a phone from its QR code. */
export const PublishedAndShared: Story = {
  args: {
    published: 'Published. Customers see the new look within a few seconds.',
    shareLink: { url: 'https://shop.example/?preview=Zk0r8bW5n9Xy4aLmP0sT6vQe2uH1gF8iK3q2-7cJd1', expires: '24 Nov 2026, 17:30' },
    onCopyLink: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'QR code of the preview link' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(args.onCopyLink).toHaveBeenCalledWith('https://shop.example/?preview=Zk0r8bW5n9Xy4aLmP0sT6vQe2uH1gF8iK3q2-7cJd1');
  },
};

/** The link was copied: the button says so. */
export const LinkCopied: Story = { args: { ...PublishedAndShared.args, published: null, copied: true } };

/** Editing: the shop name and the version reach the container; the preview pages are tabs. */
export const Editing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Shop name'), '!');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ setting_company: 'Kopi Senja!' }));
    await userEvent.click(canvas.getByRole('radio', { name: /Lite/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ version: 'Lite' }));
    await userEvent.click(canvas.getByRole('tab', { name: 'Shop' }));
    // each phone is a frame of a phone's width showing the real shop screen
    const frame = canvasElement.querySelector<HTMLIFrameElement>('iframe[title="Lite version, shop page"]')!;
    await expect(frame.clientWidth).toBe(390);
    await expect(frame.contentDocument!.body.textContent).toContain('Spanish latte');
    await expect(frame.contentWindow!.matchMedia('(max-width: 420px)').matches).toBe(true);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Restore the version of/ })[0]!);
    await expect(args.onRestore).not.toHaveBeenCalled();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    await expect(args.onRestore).toHaveBeenCalledWith(2);
  },
};

/** The draft kept as the container keeps it, so the fields follow what is chosen. */
function WithDraft(props: Parameters<typeof ThemeStudioScreen>[0]) {
  const [draft, setDraft] = useState<ThemeSettings | undefined>(props.draft);
  return (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="theme" title="Brand" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <ThemeStudioScreen
        {...props}
        draft={draft}
        onChange={(next) => {
          props.onChange(next);
          setDraft(next);
        }}
      />
    </ConsoleLayout>
  );
}

/**
 * Each colour's hex code beside its picker: typed or pasted (#rgb or #rrggbb), checked, and kept in step
 * with the picker both ways; a code that is no colour says so and changes nothing.
 */
export const HexCodes: Story = {
  tags: ['!screen'],
  render: (args) => <WithDraft {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole('textbox', { name: 'Brand colour, hex code' });
    await expect(code).toHaveValue('#8b4513');
    // a short code is the same colour in full
    await userEvent.clear(code);
    await userEvent.type(code, '#1F7');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ brand_color: '#11ff77' }));
    await expect(canvas.getByLabelText('Brand colour')).toHaveValue('#11ff77');
    await userEvent.clear(code);
    await userEvent.type(code, '#1f7a4d');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ brand_color: '#1f7a4d' }));
    // not a colour: said on the field, nothing changes
    await userEvent.clear(code);
    await userEvent.type(code, 'green');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription('Type a colour code such as #1f7a4d or #1f7.');
    // the code in monospace, its error in the page's own type; the picker stays beside the field's top
    const error = canvas.getByText('Type a colour code such as #1f7a4d or #1f7.');
    await expect(getComputedStyle(code).fontFamily).toMatch(/mono/i);
    await expect(getComputedStyle(error).fontFamily).not.toMatch(/mono/i);
    await expect(Math.abs(canvas.getByLabelText('Brand colour').getBoundingClientRect().top - code.getBoundingClientRect().top)).toBeLessThan(2);
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ brand_color: '#1f7a4d' }));
    await expect(canvas.getByLabelText('Brand colour')).toHaveValue('#1f7a4d');
    // the picker: the code follows it
    fireEvent.input(canvas.getByLabelText('Accent colour'), { target: { value: '#336699' } });
    await expect(canvas.getByRole('textbox', { name: 'Accent colour, hex code' })).toHaveValue('#336699');
  },
};

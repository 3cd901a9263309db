import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { MenuEditorScreen } from '../../../../src/screens/console/menu/menu-screen';
import { OWNER } from '../../../fixtures/console';
import { MENU, MENU_WITH_ARCHIVED, MENU_WITH_EMPTY_CATEGORY } from '../../../fixtures/editors';
import { OPTION_GROUPS } from '../../../fixtures/options-editor';

/** /merchant/menu (owners): categories in order, products with photos and prices, sold out in one click, archived, restored, deleted, moved. */
const meta = {
  title: 'Console/Menu/Menu',
  component: MenuEditorScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    menu: MENU,
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onCreateCategory: fn(async (): Promise<SaveProblem | null> => null),
    onRenameCategory: fn(async (): Promise<SaveProblem | null> => null),
    onMoveCategory: fn(),
    onDeleteCategory: fn(),
    onArchiveCategory: fn(),
    onSaveProduct: fn(async (): Promise<SaveProblem | null> => null),
    onSetAvailable: fn(),
    onMoveProduct: fn(),
    onArchiveProduct: fn(),
    onRestoreProduct: fn(),
    onDeleteProduct: fn(),
    onUpload: fn(async () => '/fixtures/products/ube-latte.svg'),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="menu" title="Menu" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <MenuEditorScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof MenuEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = { args: { menu: undefined, loading: true } };

export const LoadError: Story = { args: { menu: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = { args: { menu: { categories: [] } } };

/** A new, empty category can be removed (after saying so). */
export const EmptyCategory: Story = {
  args: { menu: MENU_WITH_EMPTY_CATEGORY },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Remove Coffee' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Merienda' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Merienda?' })).getByRole('button', { name: 'Remove' }));
    await expect(args.onDeleteCategory).toHaveBeenCalledWith(5);
  },
};

/** Setting up: a category's products archived at once, after saying so; then it can be removed. */
export const ArchiveAllOfCategory: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Archive all products of Pastries' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Archive (all \d+ products|the 1 product) of Pastries\?$/ }));
    await expect(dialog.getByText(/Past orders keep them/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    await expect(args.onArchiveCategory).toHaveBeenCalledWith(3);
  },
};

/** Archiving a product a reward and a wheel prize give: the confirm names them and says what becomes of their vouchers. */
export const ArchiveGivenProduct: Story = {
  args: { givers: { 2: { rewards: ['Free Spanish latte'], prizes: 1 } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Archive Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive Spanish latte?' }));
    await expect(
      dialog.getByText(
        /^The reward “Free Spanish latte” and a wheel prize use it\. Once it is archived, vouchers for it still work at the counter but not at checkout, until you give that reward another product/,
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    await expect(args.onArchiveProduct).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  },
};

/** A refused move or sold-out switch, said above the menu. */
export const RefusedAction: Story = { args: { actionError: 'Someone else changed the menu meanwhile. It now shows their change: try again.' } };

/** Adding a product: a price written as people write it; a word, a comma before the cents or a negative price refused on the field, nothing sent. */
export const AddProduct: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a product to Pastries' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a product' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'Pan de coco');
    await userEvent.type(dialog.getByLabelText(/^Price/), 'about 60');
    await userEvent.click(dialog.getByRole('button', { name: 'Add product' }));
    await expect(await dialog.findByText(/The price must be an amount such as/)).toBeVisible();
    // a comma before the cents is not read as ₱180.00, and a negative price says so (issue 46)
    for (const [typed, said] of [
      ['1,80', 'The price must use a dot before the cents, such as 1.80.'],
      ['-20', "The price can't be negative."],
    ]) {
      await userEvent.clear(dialog.getByLabelText(/^Price/));
      await userEvent.type(dialog.getByLabelText(/^Price/), typed!);
      await userEvent.click(dialog.getByRole('button', { name: 'Add product' }));
      await expect(await dialog.findByText(said!)).toBeVisible();
    }
    await expect(args.onSaveProduct).not.toHaveBeenCalled();
    await userEvent.clear(dialog.getByLabelText(/^Price/));
    await userEvent.type(dialog.getByLabelText(/^Price/), '₱ 65.50');
    await userEvent.click(dialog.getByRole('button', { name: 'Add product' }));
    await expect(args.onSaveProduct).toHaveBeenCalledWith(null, {
      category_id: 3,
      name: 'Pan de coco',
      description: '',
      price: 6550,
      image: '',
      available: true,
      option_group_ids: [],
      prep_minutes: null,
      translations: {},
    });
  },
};

/** A preparation time that is not one (over 4 hours) is refused on its field, nothing sent (issue 54). */
export const PrepTimeRefused: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    const field = dialog.getByLabelText(/^Preparation time/);
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(/Leave it empty to use the location's time/);
    await userEvent.type(field, '300');
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(await dialog.findByText('The preparation time must be a whole number of minutes from 0 to 240.')).toBeVisible();
    await expect(args.onSaveProduct).not.toHaveBeenCalled();
  },
};

/** A preparation time typed is saved with the product; emptied, the location's time counts again (null). */
export const PrepTimeSet: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    await userEvent.type(dialog.getByLabelText(/^Preparation time/), ' 20 ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(args.onSaveProduct).toHaveBeenCalledWith(2, expect.objectContaining({ prep_minutes: 20 }));
  },
};

/** A price far above the rest of the menu (95000 for 950.00?) is asked about before it is saved. */
export const PriceFarAboveMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    await userEvent.clear(dialog.getByLabelText(/^Price/));
    await userEvent.type(dialog.getByLabelText(/^Price/), '95000');
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(await dialog.findByText(/^₱95,000\.00 is far above your other products \(up to ₱[\d,]+\.\d\d\)\. Save it anyway\?$/)).toBeVisible();
    await expect(args.onSaveProduct).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Save anyway' }));
    await expect(args.onSaveProduct).toHaveBeenCalledWith(2, expect.objectContaining({ price: 9_500_000 }));
  },
};

/** The provider refused a field: its word shows on that field, the form keeps what was typed. */
export const ProductRefused: Story = {
  // its play function focuses what the layout places: each screenshot pair plays it again
  parameters: { screenshotReplay: true },
  args: { onSaveProduct: fn(async () => ({ message: 'Check the name.', fields: { name: 'is already on the menu' } })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    await expect(dialog.getByLabelText(/^Price/)).toHaveValue('165.00');
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(await dialog.findByText('The name is already on the menu.')).toBeVisible();
    await expect(dialog.getByLabelText('Name')).toHaveValue('Spanish latte');
  },
};

/** Translations, empty: a group per language besides the default, each field beside its original; empty shows the original. */
export const TranslationsEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    const group = within(dialog.getByRole('group', { name: 'Translations' }));
    await expect(group.getByRole('group', { name: 'Filipino' })).toBeVisible();
    await expect(group.getByRole('group', { name: 'Bahasa Indonesia' })).toBeVisible();
    const name = group.getByLabelText('Name in Filipino (optional)');
    await expect(name).toHaveValue('');
    await expect(name).toHaveAccessibleDescription('Original: Spanish latte');
    await name.scrollIntoView?.();
  },
};

/** Translations, filled: the owner's Filipino name is kept, the Indonesian one typed; the empty description is not sent. */
export const TranslationsFilled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Barako americano' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Barako americano' }));
    await expect(dialog.getByLabelText('Name in Filipino (optional)')).toHaveValue('Kapeng barako');
    await userEvent.type(dialog.getByLabelText('Name in Bahasa Indonesia (optional)'), 'Kopi barako');
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(args.onSaveProduct).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ translations: { fil: { name: 'Kapeng barako' }, id: { name: 'Kopi barako' } } }),
    );
  },
};

/** Translations refused by the provider: the word shows on that language's field, the form keeps what was typed. */
export const TranslationsRefused: Story = {
  parameters: { screenshotReplay: true },
  args: {
    onSaveProduct: fn(async () => ({ message: 'Check the Filipino name.', fields: { 'translations.fil.name': 'must be at most 80 characters' } })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Barako americano' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Barako americano' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    const name = dialog.getByLabelText('Name in Filipino (optional)');
    await expect(await dialog.findByText('The Filipino name must be at most 80 characters.')).toBeVisible();
    await expect(name).toHaveValue('Kapeng barako');
    name.focus();
  },
};

/** Sold out and back, and the order of the categories, by keyboard. */
export const SoldOutAndMove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark Spanish latte sold out' }));
    await expect(args.onSetAvailable).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), false);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark Cold brew available' }));
    await expect(args.onSetAvailable).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }), true);
    await expect(canvas.getByRole('button', { name: 'Move Coffee up' })).toBeDisabled();
    canvas.getByRole('button', { name: 'Move Pastries down' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMoveCategory).toHaveBeenCalledWith(3, 1);
  },
};

/**
 * Saving Spanish latte's "sold out": its button is busy, not disabled, so the keyboard's focus stays on it
 * while it saves (a disabled button gave the focus back to the page); a second press does nothing.
 */
export const SavingSoldOut: Story = {
  tags: ['!screen'],
  args: { busy: 'product-2' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Mark Spanish latte sold out' });
    button.focus();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSetAvailable).not.toHaveBeenCalled();
    await expect(button).toHaveFocus();
  },
};

/** The product form's options: the groups of the Options page to tick, kept in that page's order. */
export const ProductWithOptions: Story = {
  args: { optionGroups: OPTION_GROUPS },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Sizes, milks and extras' })).toHaveAttribute('href', '/merchant/menu/options');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Extras' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Size' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(args.onSaveProduct).toHaveBeenCalledWith(2, expect.objectContaining({ option_group_ids: [1, 3] }));
  },
};

/** The provider refused the options (a group removed meanwhile): its word shows under them. */
export const OptionsRefused: Story = {
  args: {
    optionGroups: OPTION_GROUPS,
    onSaveProduct: fn(async () => ({
      message: 'Some option groups no longer exist: reload the page and try again.',
      fields: { option_group_ids: 'include a group that no longer exists' },
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spanish latte' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Milk' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save product' }));
    await expect(await dialog.findByText('The options include a group that no longer exists.')).toBeVisible();
  },
};

/** Archived products under Archived: one in past orders (Restore only), one never ordered (Restore or Delete, after asking). */
export const Archived: Story = {
  args: { menu: MENU_WITH_ARCHIVED },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const archived = within(canvas.getByRole('region', { name: /Archived/ }));
    await expect(archived.getByText('Mango fruit tea')).toBeVisible();
    await expect(archived.queryByRole('button', { name: 'Delete Mango fruit tea' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Move Mango fruit tea up' })).toBeNull();
    await userEvent.click(archived.getByRole('button', { name: 'Restore Mango fruit tea' }));
    await expect(args.onRestoreProduct).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    await userEvent.click(archived.getByRole('button', { name: 'Delete Trial ube scone' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Trial ube scone?' })).getByRole('button', { name: 'Delete' }));
    await expect(args.onDeleteProduct).toHaveBeenCalledWith(expect.objectContaining({ id: 21 }));
  },
};

/** Archiving asks first and says what it does. */
export const ArchiveProduct: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Archive Spanish latte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive Spanish latte?' }));
    await expect(dialog.getByText(/Past orders keep it/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    await expect(args.onArchiveProduct).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  },
};

/** A category whose products are all archived can be removed: the confirm says they go with it from this page. */
export const RemoveArchivedOnlyCategory: Story = {
  args: { menu: MENU_WITH_ARCHIVED },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Merienda' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Merienda?' }));
    await expect(dialog.getByText(/Its archived products go with it from this page; past orders still show them\./)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await expect(args.onDeleteCategory).toHaveBeenCalledWith(5);
  },
};

/** A product deleted after it was ordered elsewhere meanwhile: refused, said above the menu. */
export const DeleteRefused: Story = { args: { menu: MENU_WITH_ARCHIVED, actionError: 'This product is in past orders: archive it instead.' } };

/** Products moved within their category by keyboard; the keyboard stays on the moved product's button. */
export const MoveProducts: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Move Barako americano up' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Move Cold brew down' })).toBeDisabled();
    const down = canvas.getByRole('button', { name: 'Move Spanish latte down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMoveProduct).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), 1);
    await expect(down).toHaveFocus();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { OptionsEditorScreen } from '../../../../src/screens/console/options/options-screen';
import { OWNER } from '../../../fixtures/console';
import { OPTION_GROUPS, PRODUCT_NAMES } from '../../../fixtures/options-editor';

/** /merchant/menu/options (owners): sizes, milks and extras, shared by the products that have them. */
const meta = {
  title: 'Console/Menu/Options',
  component: OptionsEditorScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    groups: OPTION_GROUPS,
    productNames: PRODUCT_NAMES,
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
    onDelete: fn(),
    onSetAvailable: fn(),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="menu" title="Options" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <OptionsEditorScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof OptionsEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = { args: { groups: undefined, loading: true } };

export const LoadError: Story = { args: { groups: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

export const Empty: Story = { args: { groups: [] } };

/** A refused removal or sold-out switch, said above the list. */
export const RefusedAction: Story = { args: { actionError: 'Someone else changed the options meanwhile. The page now shows their change: try again.' } };

/** Sold out and back in one click each, by keyboard too. */
export const SoldOutSwitch: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark Large sold out' }));
    await expect(args.onSetAvailable).toHaveBeenCalledWith(2, false);
    canvas.getByRole('button', { name: 'Mark Oat milk available' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSetAvailable).toHaveBeenCalledWith(4, true);
  },
};

/** Removing a group asks first, saying the products it comes off. */
export const DeleteConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Milk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Milk?' }));
    await expect(dialog.getByText(/comes off the 3 products/)).toBeVisible();
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** A new group: names and prices are checked on their fields before anything is sent; then what is sent. */
export const AddGroupWithErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an option group' }));
    await userEvent.selectOptions(dialog.getByLabelText('Customers choose'), 'any');
    await userEvent.clear(dialog.getByLabelText('Up to how many'));
    await userEvent.type(dialog.getByLabelText('Up to how many'), '3');
    // optional until ticked
    await expect(dialog.getByLabelText('Required')).not.toBeChecked();
    await userEvent.type(dialog.getByLabelText('Option 1 name'), 'Extra shot');
    await userEvent.type(dialog.getByLabelText(/^Option 1 adds/), 'thirty');
    await userEvent.click(dialog.getByRole('button', { name: 'Add group' }));
    // the group's name and the empty second option's
    await expect(await dialog.findAllByText('The name is required.')).toHaveLength(2);
    await expect(dialog.getByText(/The price must be an amount such as/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByLabelText('Group name'), 'Extras');
    await userEvent.clear(dialog.getByLabelText(/^Option 1 adds/));
    await userEvent.type(dialog.getByLabelText(/^Option 1 adds/), '30');
    await expect(dialog.getByRole('checkbox', { name: 'Chosen by default (Extra shot)' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove option 2' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add group' }));
    await expect(args.onSave).toHaveBeenCalledWith(null, {
      name: 'Extras',
      translations: {},
      min_choices: 0,
      max_choices: 3,
      options: [{ name: 'Extra shot', price_delta: 3000, is_default: false, available: true, translations: {} }],
    });
  },
};

/** Translations: the group's and each option's name per language, beside the originals; a refused one shows on its field. */
export const GroupTranslations: Story = {
  parameters: { screenshotReplay: true },
  args: {
    onSave: fn(async () => ({
      message: 'Please check the highlighted fields.',
      fields: { 'options.1.translations.id.name': 'must be at most 40 characters' },
    })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Size' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Size' }));
    const group = within(dialog.getByRole('group', { name: 'Translations' }));
    await expect(group.getByLabelText('Group name in Filipino (optional)')).toHaveValue('Laki');
    await expect(group.getByLabelText('Option 1 name in Filipino (optional)')).toHaveAccessibleDescription('Original: Regular');
    await userEvent.type(group.getByLabelText('Option 2 name in Bahasa Indonesia (optional)'), 'Besar');
    await userEvent.click(dialog.getByRole('button', { name: 'Save group' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      1,
      expect.objectContaining({
        translations: { fil: { name: 'Laki' } },
        options: [
          expect.objectContaining({ id: 1, translations: { fil: { name: 'Karaniwan' } } }),
          expect.objectContaining({ id: 2, translations: { id: { name: 'Besar' } } }),
        ],
      }),
    );
    await expect(await dialog.findByText('The Bahasa Indonesia option 2 name must be at most 40 characters.')).toBeVisible();
  },
};

/** The provider refused fields of a group: each word shows on its field, the form keeps what was typed. */
export const EditRefused: Story = {
  // its play function focuses what the layout places: each screenshot pair plays it again
  parameters: { screenshotReplay: true },
  args: {
    onSave: fn(async () => ({
      message: 'Please check the highlighted fields.',
      fields: { min_choices: 'must not be more than the number of options', 'options.1.name': 'is already an option of this group' },
    })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Size' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Size' }));
    await expect(dialog.getByLabelText(/^Option 2 adds/)).toHaveValue('20.00');
    await userEvent.clear(dialog.getByLabelText('Option 2 name'));
    await userEvent.type(dialog.getByLabelText('Option 2 name'), 'regular');
    await userEvent.click(dialog.getByRole('button', { name: 'Save group' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      1,
      expect.objectContaining({
        min_choices: 1,
        max_choices: 1,
        options: [expect.objectContaining({ id: 1, name: 'Regular' }), expect.objectContaining({ id: 2, name: 'regular', price_delta: 2000 })],
      }),
    );
    await expect(await dialog.findByText('The name is already an option of this group.')).toBeVisible();
    await expect(dialog.getByText('The choice must not be more than the number of options.')).toBeVisible();
    await expect(dialog.getByLabelText('Option 2 name')).toHaveValue('regular');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { QrSheet, TablesScreen } from '../../../../src/screens/console/locations/tables-screen';
import { OWNER } from '../../../fixtures/console';
import { NO_TABLES, TABLES } from '../../../fixtures/tables';

const done = async (): Promise<SaveProblem | null> => null;

/**
 * /merchant/locations/tables (owners; issue 54): a location's areas and tables, and the sheet of their QR
 * codes (one card per table that is on, the shop's name, logo and colour), printed on A4.
 */
const meta = {
  title: 'Console/Locations/Tables',
  component: TablesScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    locations: [
      { id: 1, name: 'Kopi Senja BGC' },
      { id: 2, name: 'Kopi Senja Makati' },
    ],
    locationId: 1,
    onLocationChange: fn(),
    tables: TABLES,
    shop: { name: 'Kopi Senja', logo: '/fixtures/kopi-senja-logo.svg', brandColor: '#7c2d12' },
    origin: 'https://kopisenja.example',
    onRetry: fn(),
    onAddArea: fn(done),
    onRenameArea: fn(done),
    onRemoveArea: fn(done),
    onAddTable: fn(done),
    onSwitchTable: fn(done),
    onRenameTable: fn(done),
    onRemoveTable: fn(done),
    onPrint: fn(),
  },
  argTypes: { tables: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="locations" title="Tables and QR codes" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <TablesScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof TablesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Areas and tables, one switched off (no QR card for it); a table added to an area, the sheet printed. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('img', { name: 'QR code for table 12' })).toBeVisible();
    await expect(page.queryByRole('img', { name: 'QR code for table 14' })).toBeNull();
    await userEvent.type(page.getByRole('textbox', { name: /Table label/ }), '15');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Area' }), 'Upstairs');
    await userEvent.click(page.getByRole('button', { name: 'Add table' }));
    await expect(args.onAddTable).toHaveBeenCalledWith('15', 2);
    await userEvent.click(page.getByRole('button', { name: 'Print the QR codes' }));
    await expect(args.onPrint).toHaveBeenCalled();
  },
};

/** Table 12 renamed in place. */
export const Rename: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Rename table 12' }));
    const field = page.getByRole('textbox', { name: 'New label for table 12' });
    await userEvent.clear(field);
    await userEvent.type(field, '12A');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await expect(args.onRenameTable).toHaveBeenCalledWith(3, '12A');
  },
};

/** The area Terrace being renamed in place, by keyboard: its field takes the focus, Enter saves, Escape cancels. */
export const RenameArea: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Rename Terrace' }));
    const field = page.getByRole('textbox', { name: 'New name for Terrace' });
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(page.queryByRole('textbox', { name: 'New name for Terrace' })).toBeNull();
    await expect(page.getByRole('button', { name: 'Rename Terrace' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(page.getByRole('textbox', { name: 'New name for Terrace' }));
    await userEvent.keyboard('Garden{Enter}');
    await expect(args.onRenameArea).toHaveBeenCalledWith(1, 'Garden');
    // shown open, as the owner sees it
    await userEvent.click(page.getByRole('button', { name: 'Rename Terrace' }));
  },
};

/** An area renamed to the name of another: said under the field, which keeps what was typed. */
export const AreaNameTaken: Story = {
  args: {
    onRenameArea: fn(async (): Promise<SaveProblem | null> => ({
      message: 'There is already an area called Upstairs.',
      fields: { name: 'is the name of another area here' },
    })),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Rename Terrace' }));
    const field = page.getByRole('textbox', { name: 'New name for Terrace' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Upstairs{Enter}');
    await expect(await page.findByText('The name is the name of another area here.')).toBeVisible();
    await expect(field).toHaveValue('Upstairs');
  },
};

/** No tables yet: the first one is added here. */
export const Empty: Story = {
  args: { tables: NO_TABLES, locations: [{ id: 1, name: 'Kopi Senja BGC' }] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No tables yet')).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Print the QR codes' })).toBeNull();
  },
};

/** A label the location has already: said under the field. */
export const LabelTaken: Story = {
  args: {
    onAddTable: fn(async (): Promise<SaveProblem | null> => ({
      message: 'There is already a table 12.',
      fields: { label: 'is the label of another table here' },
    })),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: /Table label/ }), '12');
    await userEvent.click(page.getByRole('button', { name: 'Add table' }));
    await expect(await page.findByText('The label is the label of another table here.')).toBeVisible();
  },
};

/** Loading the tables. */
export const Loading: Story = { args: { tables: undefined, loading: true } };

/** The tables could not be read: a way to try again. */
export const LoadError: Story = {
  args: { tables: undefined, error: 'We could not reach the server.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The QR sheet alone, as it prints: one card per table, in the shop's colour. */
export const QrCodesSheet: StoryObj<typeof QrSheet> = {
  render: () => (
    <div className="bg-white p-6">
      <QrSheet
        shop={{ name: 'Kopi Senja', logo: '/fixtures/kopi-senja-logo.svg', brandColor: '#7c2d12' }}
        origin="https://kopisenja.example"
        tables={TABLES.tables.filter((t) => t.active)}
        areas={TABLES.areas}
      />
    </div>
  ),
};

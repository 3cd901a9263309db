import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { StationsData } from '#contract/stations';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { StationsScreen, type RoutingCategory } from '../../../../src/screens/console/stations/stations-screen';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';

const STATIONS: StationsData = {
  stations: [
    { id: 1, name: 'Bar', is_default: false, late_minutes: 8, categories: [1, 2], products: [] },
    { id: 2, name: 'Kitchen', is_default: true, late_minutes: 15, categories: [4], products: [12] },
    { id: 3, name: 'Pastry', is_default: false, late_minutes: 10, categories: [3], products: [] },
  ],
  default_station_id: 2,
};
const MENU: RoutingCategory[] = [
  {
    id: 1,
    name: 'Coffee',
    products: [
      { id: 10, name: 'Spanish latte' },
      { id: 11, name: 'Cappuccino' },
      { id: 12, name: 'Iced latte' },
    ],
  },
  { id: 2, name: 'Non-coffee', products: [{ id: 20, name: 'Ube latte' }] },
  { id: 3, name: 'Pastries', products: [{ id: 30, name: 'Butter croissant' }] },
  { id: 4, name: 'Meals', products: [{ id: 40, name: 'Longganisa pandesal sandwich' }] },
];

/** /merchant/stations (issue 54): the kitchen display's stations; owners edit them and route the menu, everyone opens a screen. */
const meta = {
  title: 'Console/Stations/Station editor',
  component: StationsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    data: STATIONS,
    menu: MENU,
    owner: true,
    onRetry: fn(),
    onCreate: fn(async (): Promise<SaveProblem | null> => null),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
    onRemove: fn(),
    onRoute: fn(),
  },
  argTypes: { data: { control: false }, menu: { control: false } },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={args.owner ? OWNER : STAFF_MEMBER} current="stations" title="Stations" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <StationsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof StationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three stations: a category routed by keyboard alone, a product of its own, a station renamed. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const meals = page.getByRole('combobox', { name: 'Meals' });
    await expect(meals).toHaveValue('2');
    meals.focus();
    await userEvent.selectOptions(meals, 'Pastry');
    await expect(args.onRoute).toHaveBeenCalledWith('category', 4, 3);
    await userEvent.click(page.getByText(/Products of Coffee/));
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Iced latte' }), 'Same as Coffee (Bar)');
    await expect(args.onRoute).toHaveBeenCalledWith('product', 12, null);
    const form = page.getByRole('form', { name: 'Change Bar' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Drinks bar{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith({ id: 1, name: 'Drinks bar', late_minutes: 8, is_default: false });
    await expect(page.getByRole('link', { name: 'Open the Kitchen screen' })).toHaveAttribute('href', '/merchant/stations/2/display');
  },
};

/** No stations yet: the owner adds the first. */
export const Empty: Story = {
  args: { data: { stations: [], default_station_id: null } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No stations yet')).toBeVisible();
    await userEvent.type(page.getByRole('textbox', { name: 'Station name' }), 'Bar{Enter}');
    await expect(args.onCreate).toHaveBeenCalledWith('Bar');
  },
};

/** A staff member: the stations and their screens, nothing to change. */
export const Staff: Story = {
  args: { owner: false, menu: undefined },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('link', { name: 'Open the Bar screen' })).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Add station' })).toBeNull();
  },
};

export const Loading: Story = { tags: ['!screen'], args: { data: undefined, loading: true } };

export const LoadError: Story = { args: { data: undefined, error: 'We could not reach the server.' } };

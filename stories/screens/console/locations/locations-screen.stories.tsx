import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { LocationsScreen } from '../../../../src/screens/console/locations/locations-screen';
import { OWNER } from '../../../fixtures/console';
import { LOCATION_PRODUCTS, LOCATIONS, LOCATIONS_NOW, PASTED_FEATURE } from '../../../fixtures/console-locations';

/** /merchant/locations (owners): each location's state now, and its editor. */
const meta = {
  title: 'Console/Locations/Locations and hours',
  component: LocationsScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    locations: LOCATIONS,
    now: LOCATIONS_NOW,
    products: LOCATION_PRODUCTS,
    shopTimeZone: 'Asia/Manila',
    locale: 'en-PH',
    currency: 'PHP',
    onRetry: fn(),
    onSave: fn(async (): Promise<SaveProblem | null> => null),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="locations" title="Locations" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <LocationsScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof LocationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two locations: Makati open until 11:30 AM (a lunch break), Poblacion paused until 2:30 PM. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Locations' }));
    await expect(list.getByText('Open until 11:30 AM')).toBeVisible();
    await expect(list.getByText('Paused until 2:30 PM')).toBeVisible();
    await expect(list.getByText(/2 products not sold here/)).toBeVisible();
  },
};

/** A shop with no location yet: one line on what a location is for, and the button to add one. */
export const Empty: Story = {
  args: { locations: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No locations yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add location' })).toBeVisible();
  },
};

export const Loading: Story = { args: { locations: undefined, loading: true } };

export const LoadError: Story = { args: { locations: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/**
 * Editing Makati: the rules between fields are checked before anything is sent (a Saturday period
 * past midnight is said so), then the provider's refusals show on their fields.
 */
export const EditRefused: Story = {
  args: {
    onSave: fn(async (): Promise<SaveProblem | null> => ({
      message: 'Please check the highlighted fields.',
      fields: {
        'hours.fri.1': 'overlaps another period of the day',
        'delivery_areas.0.radius_km': 'must be at most 100 km',
        'exceptions.0.date': 'is listed twice',
      },
    })),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Makati' }));
    await expect(canvas.getByText('Runs past midnight: closes at 2:00 AM the next day.')).toBeVisible();
    // two periods on Tuesday that overlap: refused here, nothing sent
    await userEvent.click(canvas.getByRole('button', { name: 'Add a period on Tuesday' }));
    await userEvent.type(canvas.getByLabelText('Opens on Tuesday, period 2'), '18:00');
    await userEvent.type(canvas.getByLabelText('Closes on Tuesday, period 2'), '20:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Save location' }));
    await expect(await canvas.findByText('This period overlaps another period of the day.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove this period on Tuesday, period 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save location' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      1,
      expect.objectContaining({
        name: 'Makati',
        slot_minutes: 15,
        delivery_areas: [
          expect.objectContaining({ kind: 'radius', radius_km: 3, fee: null }),
          expect.objectContaining({ kind: 'polygon', fee: 2900, min_order: 30000 }),
        ],
      }),
    );
    await expect(await canvas.findByText('The distance must be at most 100 km.')).toBeVisible();
    await expect(canvas.getByText('This period overlaps another period of the day.')).toBeVisible();
    await expect(canvas.getByLabelText('Date of special date 1')).toHaveAccessibleDescription('The date is listed twice.');
    await expect(canvas.getByText('Please check the highlighted fields.')).toBeVisible();
  },
};

/** A drawn area pasted as GeoJSON: a wrong paste is said plainly; a FeatureCollection's polygon is taken, its corners counted. */
export const PolygonPasted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Poblacion' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a drawn area (GeoJSON)' }));
    await userEvent.type(canvas.getByLabelText('Area name 1'), 'Poblacion');
    const geojson = canvas.getByLabelText('GeoJSON of Poblacion');
    await userEvent.click(geojson);
    await userEvent.paste('{"type": "Point", "coordinates": [121.03, 14.56]}');
    await expect(await canvas.findByText('This is a Point, not a Polygon: draw the area as one closed shape.')).toBeVisible();
    await userEvent.clear(geojson);
    await userEvent.paste(PASTED_FEATURE);
    await expect(await canvas.findByText('A polygon with 4 corners.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Delivery fee (PHP) in Poblacion'), '39');
    await userEvent.click(canvas.getByRole('button', { name: 'Save location' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      2,
      expect.objectContaining({ delivery_areas: [expect.objectContaining({ kind: 'polygon', name: 'Poblacion', fee: 3900, min_order: null })] }),
    );
    await expect(await canvas.findByText('Saved Poblacion.')).toBeVisible();
  },
};

/** A week of the same hours in one step (issue 46): Monday's periods copied to every day, each its own, then saved. */
export const SameHoursEveryDay: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Makati' }));
    const opens = canvas.getAllByLabelText(/^Opens on Monday/)[0]!;
    await userEvent.clear(opens);
    await userEvent.type(opens, '08:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Use Monday’s hours every day' }));
    await expect(canvas.getByText(/Monday’s hours are now every day’s/)).toBeVisible();
    await expect(canvas.getAllByLabelText(/^Opens on Sunday/)[0]).toHaveValue('08:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Save location' }));
    const saved = (args.onSave as unknown as { mock: { calls: Array<[number, { hours: Record<string, unknown> }]> } }).mock.calls[0]![1].hours;
    await expect(new Set(Object.values(saved).map((p) => JSON.stringify(p))).size).toBe(1);
    await expect(Object.keys(saved)).toHaveLength(7);
    // the editor is gone: the keyboard's focus is back on the location's Edit button, not on the page
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit Makati' })).toHaveFocus());
  },
};

/** A special date opened again (issue 46): it starts from that weekday's hours (Saturday's 08:00–02:00), not 07:00–19:00. */
export const SpecialDateOpened: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Makati' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a special date' }));
    const dates = canvas.getAllByLabelText(/^Date of special date/);
    await userEvent.type(dates.at(-1)!, '2026-12-26');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Closed all day on 2026-12-26' }));
    await expect(canvas.getByLabelText('Opens on 2026-12-26')).toHaveValue('08:00');
    await expect(canvas.getByLabelText('Closes on 2026-12-26')).toHaveValue('02:00');
  },
};

/** The hours editor open on Makati: each day's opening periods, a lunch break, Saturday past midnight, nothing changed yet. */
export const HoursEditorOpen: Story = {
  // the screenshot shows the hours, not the top of the editor (the details, as in Default's edit stories)
  parameters: { screenshotAt: 'Opening hours' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Makati' }));
    await expect(canvas.getByRole('heading', { name: 'Edit Makati' })).toBeVisible();
    await expect(canvas.getAllByLabelText(/^Opens on Monday/)[0]).toBeVisible();
    await expect(canvas.getByText('Runs past midnight: closes at 2:00 AM the next day.')).toBeVisible();
  },
};

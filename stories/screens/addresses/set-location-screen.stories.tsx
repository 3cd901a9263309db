import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SetLocationScreen } from '../../../src/screens/addresses/set-location-screen';
import { chosenLocation, foundPlaces, storyMap } from '../../fixtures/addresses';

/** /set-location: the device's position or typed coordinates. */
const meta = {
  title: 'Screens/Addresses/Set location',
  component: SetLocationScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: { onUseCurrentLocation: fn(), onContinue: fn(), onBack: fn() },
} satisfies Meta<typeof SetLocationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet. */
export const Default: Story = {};

/** Waiting for the device to answer. */
export const Loading: Story = { name: 'Loading (locating)', args: { status: 'locating' } };

/** The device answered: its point fills the fields. */
export const Located: Story = { args: { value: chosenLocation } };

/** The customer (or the browser) said no to location. */
export const GeolocationDenied: Story = { args: { status: 'denied' } };

/** The device could not work out a position. */
export const Error: Story = { name: 'Error (location unavailable)', args: { status: 'unavailable' } };

/** Typed coordinates are checked: out of range and not-a-number are refused, good ones continue. */
export const ManualEntry: Story = {
  args: { status: 'denied' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const lat = canvas.getByRole('textbox', { name: 'Latitude' });
    const lng = canvas.getByRole('textbox', { name: 'Longitude' });
    await userEvent.type(lat, '95');
    await userEvent.type(lng, 'east');
    await userEvent.click(canvas.getByRole('button', { name: 'Use this location' }));
    await expect(await canvas.findByText('Latitude must be between -90 and 90.')).toBeVisible();
    await expect(canvas.getByText(/Longitude must be a number/)).toBeVisible();
    await expect(args.onContinue).not.toHaveBeenCalled();
    await userEvent.clear(lat);
    await userEvent.type(lat, '14.5509');
    await userEvent.clear(lng);
    await userEvent.type(lng, '121.0503');
    await expect(canvas.getByText('14.55090, 121.05030')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use this location' }));
    await expect(args.onContinue).toHaveBeenCalledWith({ lat: 14.5509, lng: 121.0503 });
  },
};

// The map and address search (issue 46). Each story's tiles are one local image, so screenshots never depend on a tile server.

/** Waits for the map's chunk, then for every tile to be loaded and faded in: the screenshot is taken after the play function. */
async function mapDrawn(canvasElement: HTMLElement) {
  await within(canvasElement).findByRole('region', { name: 'Map of the delivery location' }, { timeout: 10_000 });
  await waitFor(
    () => {
      const tiles = [...canvasElement.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((t) => t.classList.contains('leaflet-tile-loaded') && getComputedStyle(t).opacity === '1')).toBe(true);
    },
    { timeout: 10_000 },
  );
}
const drawn: Story['play'] = ({ canvasElement }) => mapDrawn(canvasElement);

/** The map, no pin yet: the shop's place in view; search on. */
export const MapDefault: Story = {
  name: 'Map: no pin yet',
  args: { map: storyMap, mapCenter: chosenLocation, onSearch: fn(), onPickPlace: fn() },
  play: drawn,
};

/** A pin set (from an earlier visit, the device, a search or a tap). */
export const MapPinSet: Story = { name: 'Map: pin set', args: { ...MapDefault.args, value: chosenLocation }, play: drawn };

/** Waiting for the geocoder. */
export const SearchLoading: Story = {
  name: 'Map: searching',
  args: { ...MapDefault.args, search: { status: 'loading', query: 'Mabini Makati' } },
  play: drawn,
};

/** The geocoder found nothing: said plainly, the map still there. */
export const SearchNoResults: Story = {
  name: 'Map: nothing found',
  args: { ...MapDefault.args, search: { status: 'done', query: 'Calle Nowhere 99', results: [] } },
  play: drawn,
};

/** The geocoder is down: the gateway's 503 in its own words; the pin and the coordinates still work. */
export const SearchError: Story = {
  name: 'Map: geocoder down',
  args: {
    ...MapDefault.args,
    search: { status: 'error', query: 'Mabini Makati', message: 'Address search is not available right now. Drag the pin or type the coordinates instead.' },
  },
  play: drawn,
};

/** Results: choosing one with the keyboard moves the pin there and hands the place to the container (which fills the address). */
export const SearchResults: Story = {
  name: 'Map: results',
  args: { ...MapDefault.args, search: { status: 'done', query: 'Mabini Makati', results: foundPlaces } },
  play: async ({ canvasElement, args }) => {
    await mapDrawn(canvasElement);
    const canvas = within(canvasElement);
    const results = canvas.getByRole('list', { name: 'Search results' });
    const first = within(results).getByRole('button', { name: foundPlaces[0]!.label });
    first.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPickPlace).toHaveBeenCalledWith(foundPlaces[0]);
    await expect(canvas.getByRole('textbox', { name: 'Latitude' })).toHaveValue('14.56490');
    await expect(await canvas.findByRole('button', { name: /^Delivery pin at 14\.56490, 121\.03050/ })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(`The pin is at ${foundPlaces[0]!.label}.`);
    await expect(first).toHaveAttribute('aria-current', 'true');
    // back to the list's state for the screenshot: the pin stays where the result put it, its tiles drawn
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
    await mapDrawn(canvasElement);
  },
};

/** Keyboard only: a search typed and sent with Enter, the pin dropped in the middle of the map, then nudged with an arrow key. */
export const KeyboardOnly: Story = {
  name: 'Map: keyboard only',
  args: { ...MapDefault.args },
  play: async ({ canvasElement, args }) => {
    await mapDrawn(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search for an address' }), 'Mabini Makati{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('Mabini Makati');
    const drop = await canvas.findByRole('button', { name: 'Drop the pin in the middle of the map' });
    drop.focus();
    await userEvent.keyboard('{Enter}');
    const pin = await canvas.findByRole('button', { name: /^Delivery pin at / });
    const before = Number((canvas.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value);
    pin.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(Number((canvas.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value)).toBeGreaterThan(before);
    await userEvent.click(canvas.getByRole('button', { name: 'Use this location' }));
    await expect(args.onContinue).toHaveBeenCalledTimes(1);
    pin.blur();
    await mapDrawn(canvasElement);
  },
};

/** True when a loaded tile lies under each corner of the map's box (a few pixels in): no grey left where the box grew. */
function tilesCoverMap(map: HTMLElement): boolean {
  const box = map.getBoundingClientRect();
  const tiles = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile-loaded')].map((t) => t.getBoundingClientRect());
  const corners = [
    [box.left + 4, box.top + 4],
    [box.right - 4, box.top + 4],
    [box.left + 4, box.bottom - 4],
    [box.right - 4, box.bottom - 4],
  ] as const;
  // tiles take no pointer events, so hit testing cannot find them: their boxes are compared instead
  return corners.every(([x, y]) => tiles.some((t) => x >= t.left && x <= t.right && y >= t.top && y <= t.bottom));
}

/** The map's box grows after the map started (its stylesheet or fonts late on a slow phone, a phone turned): tiles fill it all. */
export const MapBoxGrows: Story = {
  name: 'Map: its box grows',
  tags: ['!screen'],
  args: { ...MapDefault.args },
  play: async ({ canvasElement }) => {
    await mapDrawn(canvasElement);
    const map = within(canvasElement).getByRole('region', { name: 'Map of the delivery location' });
    map.style.height = '24rem';
    await waitFor(() => expect(tilesCoverMap(map)).toBe(true), { timeout: 10_000 });
  },
};

/** The pin is outside every delivery area: said plainly beside the map. */
export const OutsideArea: Story = {
  name: 'Map: outside the delivery area',
  args: { ...MapDefault.args, value: { lat: 14.676, lng: 121.0437 }, outsideArea: true },
  play: drawn,
};

/** No tiles (offline, the tile server down): the page says the map is unavailable; GPS and typed coordinates still work. */
export const MapUnavailable: Story = {
  name: 'Map: unavailable',
  args: { ...MapDefault.args, mapUnavailable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // the search still works without tiles; the map's place says why there is none
    await canvas.findByRole('searchbox', { name: 'Search for an address' }, { timeout: 10_000 });
    await expect(canvas.getByText('The map is unavailable right now')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Map of the delivery location' })).toBeNull();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../../src/screens/console/shared/editor-fields';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { WheelEditorScreen } from '../../../../src/screens/console/wheel/wheel-screen';
import { OWNER } from '../../../fixtures/console';
import { WHEEL_CURRENT, WHEEL_REWARDS, WHEEL_VERSIONS } from '../../../fixtures/editors';

/** /merchant/wheel (owners): segments, prizes and weights, the odds customers will see, every version kept. */
const meta = {
  title: 'Console/Wheel/Wheel',
  component: WheelEditorScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    current: WHEEL_CURRENT,
    versions: WHEEL_VERSIONS,
    rewards: WHEEL_REWARDS,
    locale: 'en-PH',
    timeZone: 'Asia/Manila',
    brand: { brand: '#8b4513', accent: '#b45309' },
    onRetry: fn(),
    onPublish: fn(async (): Promise<SaveProblem | null> => null),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="wheel" title="Wheel" onSignOut={fn()} onSignOutEverywhere={fn()} wide>
      <WheelEditorScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof WheelEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

export const Loading: Story = { args: { current: undefined, versions: undefined, loading: true } };

export const LoadError: Story = {
  args: { current: undefined, versions: undefined, error: 'We could not reach the server. Check your connection and try again.' },
};

const seg = (label: string, weight: number, prize_type: 'points' | 'voucher' | 'none', points: number | null, color: string) => ({
  label,
  prize_type,
  points,
  reward: null,
  weight,
  color,
  probability: weight / 100,
});

/**
 * The demo shop's wheel: "5 pts" on three slices is one row of the odds table (60%), and the thin
 * slices (3% and 2%) keep labels that fit them, turned along the slice.
 */
export const ManySlices: Story = {
  args: {
    current: {
      ...WHEEL_CURRENT,
      segments: [
        seg('5 pts', 20, 'points', 5, '#f2b33d'),
        seg('25 pts', 8, 'points', 25, '#9a4a1c'),
        seg('5 pts', 20, 'points', 5, '#e8d5b5'),
        seg('Free croissant', 3, 'none', null, '#3b2418'),
        seg('5 pts', 20, 'points', 5, '#f2b33d'),
        seg('10 pts', 15, 'points', 10, '#c8733a'),
        seg('Try again', 12, 'none', null, '#e8d5b5'),
        seg('50 pts', 2, 'points', 50, '#6b2f12'),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const table = within(within(canvasElement).getByRole('table', { name: 'Odds of each prize' }));
    await expect(table.getAllByRole('row')).toHaveLength(7);
    await expect(table.getByText(/3 slices/).closest('tr')).toHaveTextContent(/^5 pts \(3 slices\)\s*60\s*%$/);
  },
};

/** The first wheel, never published in the console. */
export const FirstWheel: Story = { args: { current: WHEEL_VERSIONS[2], versions: [WHEEL_VERSIONS[2]!] } };

/** A weight changed: the chance customers will see follows as the owner types; publishing sends whole numbers. */
export const ChangeWeights: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(/^Chance: /)[0]).toHaveTextContent('Chance: 40%');
    // one label per field: the segment's number is said once, above its fields
    await expect(canvas.getAllByText('Weight', { exact: true }).length).toBeGreaterThan(1);
    for (const hidden of canvas.getAllByText(/^Segment 1:/)) await expect(hidden).toHaveClass('sr-only');
    await userEvent.clear(canvas.getByLabelText('Segment 1: Weight'));
    await userEvent.type(canvas.getByLabelText('Segment 1: Weight'), '140');
    await expect(canvas.getAllByText(/^Chance: /)[0]).toHaveTextContent('Chance: 70%');
    await userEvent.click(canvas.getByRole('button', { name: 'Publish the wheel' }));
    await expect(args.onPublish).toHaveBeenCalledWith(
      expect.objectContaining({
        spin_cost_points: 20,
        free_spins_per_day: 1,
        segments: expect.arrayContaining([
          expect.objectContaining({ label: '10 points', prize_type: 'points', points: 10, weight: 140 }),
          expect.objectContaining({ label: 'Free latte', prize_type: 'voucher', reward: 'free-latte', weight: 5 }),
        ]),
      }),
    );
    await expect(await canvas.findByText('Published. The next spin uses these odds.')).toBeVisible();
  },
};

/**
 * A voucher prize without a reward, a weight that is not a number and a weight of 0 (explained: never
 * comes up, remove it instead): said on the fields, the keyboard taken to the first, nothing sent.
 */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Segment 4: Prize'), 'voucher');
    await userEvent.clear(canvas.getByLabelText('Segment 2: Weight'));
    await userEvent.type(canvas.getByLabelText('Segment 2: Weight'), 'half');
    await userEvent.clear(canvas.getByLabelText('Segment 3: Weight'));
    await userEvent.type(canvas.getByLabelText('Segment 3: Weight'), '0');
    await expect(canvas.getByText('0 would mean it never comes up: remove the segment instead.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Publish the wheel' }));
    await expect(await canvas.findByText(/The reward is required: choose a reward/)).toBeVisible();
    await expect(canvas.getByText(/The weight must be a whole number of at least 1/)).toBeVisible();
    await expect(canvas.getByText(/The weight cannot be 0: a segment with no chance never comes up\. Remove it instead\./)).toBeVisible();
    await expect(canvas.getByLabelText('Segment 2: Weight')).toHaveFocus();
    await expect(args.onPublish).not.toHaveBeenCalled();
  },
};

/** New segments, and the whole wheel on request, take their colours from the shop's brand. */
export const BrandColours: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Colour from the brand' }));
    await expect(canvas.getByLabelText('Segment 1: Colour')).toHaveValue('#8b4513');
    await expect(canvas.getByLabelText('Segment 3: Colour')).toHaveValue('#b45309');
  },
};

/** The provider refused (a reward retired meanwhile): its word on the segment. */
export const Refused: Story = {
  args: { onPublish: fn(async () => ({ message: 'Check the highlighted fields.', fields: { 'segments.2.reward': 'is retired: choose an active reward' } })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish the wheel' }));
    await expect(await canvas.findByText('The reward is retired: choose an active reward.')).toBeVisible();
  },
};

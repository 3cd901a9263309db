import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SaveProblem } from '../../../src/screens/console/editor-fields';
import { ConsoleLayout } from '../../../src/screens/console/console-layout';
import { WheelEditorScreen } from '../../../src/screens/console/wheel-editor-screen';
import { OWNER } from '../../fixtures/console';
import { WHEEL_CURRENT, WHEEL_REWARDS, WHEEL_VERSIONS } from '../../fixtures/editors';

/** /merchant/wheel (owners): segments, prizes and weights, the odds customers will see, every version kept. */
const meta = {
  title: 'Console/Wheel',
  component: WheelEditorScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { current: WHEEL_CURRENT, versions: WHEEL_VERSIONS, rewards: WHEEL_REWARDS, locale: 'en-PH', timeZone: 'Asia/Manila', onRetry: fn(), onPublish: fn(async (): Promise<SaveProblem | null> => null) },
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

export const LoadError: Story = { args: { current: undefined, versions: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** The first wheel, never published in the console. */
export const FirstWheel: Story = { args: { current: WHEEL_VERSIONS[2], versions: [WHEEL_VERSIONS[2]!] } };

/** A weight changed: the chance customers will see follows as the owner types; publishing sends whole numbers. */
export const ChangeWeights: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(/^Chance: /)[0]).toHaveTextContent('Chance: 40%');
    await userEvent.clear(canvas.getByLabelText('Segment 1: weight'));
    await userEvent.type(canvas.getByLabelText('Segment 1: weight'), '140');
    await expect(canvas.getAllByText(/^Chance: /)[0]).toHaveTextContent('Chance: 70%');
    await userEvent.click(canvas.getByRole('button', { name: 'Publish the wheel' }));
    await expect(args.onPublish).toHaveBeenCalledWith(
      expect.objectContaining({
        spin_cost_points: 20,
        free_spins_per_day: 1,
        segments: expect.arrayContaining([expect.objectContaining({ label: '10 points', prize_type: 'points', points: 10, weight: 140 }), expect.objectContaining({ label: 'Free latte', prize_type: 'voucher', reward: 'free-latte', weight: 5 })]),
      }),
    );
    await expect(await canvas.findByText('Published. The next spin uses these odds.')).toBeVisible();
  },
};

/** A voucher prize without a reward, and a weight that is not a number: said on the fields, nothing sent. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Segment 4: prize'), 'voucher');
    await userEvent.clear(canvas.getByLabelText('Segment 2: weight'));
    await userEvent.type(canvas.getByLabelText('Segment 2: weight'), 'half');
    await userEvent.click(canvas.getByRole('button', { name: 'Publish the wheel' }));
    await expect(await canvas.findByText(/The reward is required: choose a reward/)).toBeVisible();
    await expect(canvas.getByText(/The weight must be a whole number of at least 1/)).toBeVisible();
    await expect(args.onPublish).not.toHaveBeenCalled();
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui/button/button';
import { Wheel } from '../../src/ui/wheel/wheel';
import { wheelSegments } from '../fixtures/wheel';

const meta = {
  title: 'UI/Wheel',
  component: Wheel,
  args: { segments: wheelSegments, locale: 'id-ID', onSpinEnd: fn() },
} satisfies Meta<typeof Wheel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

/** The server answers segment 2 ("Free Latte"); the wheel lands the pointer on it. */
export const SpinLandsOnTarget: Story = {
  args: { durationMs: 600 },
  render: function Render(args) {
    const [spinning, setSpinning] = useState(false);
    return (
      <div className="flex flex-col items-center gap-4">
        <Wheel {...args} spinning={spinning} targetSegmentId={spinning ? 2 : null} onSpinEnd={args.onSpinEnd} />
        <Button onClick={() => setSpinning(true)} disabled={spinning}>
          Spin
        </Button>
      </div>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(args.onSpinEnd).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await expect(canvas.getByRole('status')).toHaveTextContent('You landed on Free Latte');
    // Segments 1 (30%) and 2 (5%) come first: slice 2 spans 108°–126°, centre 117°. The final
    // rotation brings 117° under the pointer at 0°: (rotation + 117) mod 360 = 0.
    const group = canvasElement.querySelector('svg g[style]') as SVGGElement;
    const rotation = Number(/rotate\(([-\d.]+)deg\)/.exec(group.style.transform)?.[1]);
    await expect((((rotation + 117) % 360) + 360) % 360).toBeCloseTo(0, 3);
  },
};

export const WaitingForResult: Story = { args: { spinning: true, targetSegmentId: null } };

export const MerchantColours: Story = {
  args: {
    segments: wheelSegments.map((s, i) => ({ ...s, color: ['#8B4513', '#F3E5D8', '#2F6B4F', '#FFE600', '#1F2937'][i] })),
  },
};

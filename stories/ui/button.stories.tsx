import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { contrastRatio } from '../../src/contract/contrast';
import { Button } from '../../src/ui/button/button';
import { GiftIcon } from '../../src/ui/icon/icon';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Redeem reward', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Redeem reward' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Remove address' } };
export const WithIcon: Story = { args: { icon: <GiftIcon size={18} /> } };
export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-2">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
};
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Redeem reward' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
export const Disabled: Story = { args: { disabled: true } };

/**
 * "#rrggbb" of a computed colour (Tailwind's opacity modifiers compute to oklab() with an alpha), laid
 * over `under`: the browser paints both on a canvas and reads the pixel back.
 */
function solid(colour: string, under: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { colorSpace: 'srgb' })!;
  for (const c of [under, colour]) {
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
  }
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Each variant enabled and disabled, on the page and on a card (issue #25: a disabled button was a
 * paler brand with white text). Disabled is grey, unlike any enabled button, and its label reads at
 * 4.5:1 or more (axe leaves disabled controls out of its contrast check, so this story checks it).
 */
export const DisabledBesideEnabled: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4 bg-surface p-4">
      {(['page', 'card'] as const).map((on) => (
        <div key={on} data-on={on} className={on === 'card' ? 'flex flex-col gap-2 rounded-2xl bg-surface-raised p-4' : 'flex flex-col gap-2'}>
          {(['primary', 'secondary', 'ghost', 'danger'] as const).map((variant) => (
            <div key={variant} className="flex flex-wrap gap-2">
              <Button {...args} variant={variant}>
                {variant} on the {on}
              </Button>
              <Button {...args} variant={variant} disabled>
                {variant} on the {on}, disabled
              </Button>
            </div>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const box of Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-on]'))) {
      const under = getComputedStyle(box).backgroundColor.startsWith('rgba(0, 0, 0, 0)')
        ? getComputedStyle(box.parentElement!).backgroundColor
        : getComputedStyle(box).backgroundColor;
      const buttons = within(box).getAllByRole('button');
      for (let i = 0; i < buttons.length; i += 2) {
        const [enabled, disabled] = [buttons[i]!, buttons[i + 1]!];
        await expect(disabled).toBeDisabled();
        const look = (b: HTMLElement) => ({ bg: solid(getComputedStyle(b).backgroundColor, under), ink: solid(getComputedStyle(b).color, under) });
        const on = look(enabled);
        const off = look(disabled);
        await expect(contrastRatio(off.ink, off.bg), `${disabled.textContent}: label contrast`).toBeGreaterThanOrEqual(4.5);
        await expect(off.ink, `${disabled.textContent}: not the enabled label's colour`).not.toBe(on.ink);
        await expect(getComputedStyle(disabled).opacity).toBe('1');
      }
    }
  },
};
export const FullWidth: Story = { args: { fullWidth: true } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NotFoundScreen } from '../../../src/screens/misc/not-found-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';

/** Any unknown route. */
const meta = {
  title: 'Screens/Misc/Not found',
  component: NotFoundScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: { onGoHome: fn(), nav: <BottomNav items={navItems('home')} /> },
} satisfies Meta<typeof NotFoundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Go home' }));
    await expect(args.onGoHome).toHaveBeenCalled();
  },
};

/** A guest (no navigation). */
export const SignedOut: Story = { args: { nav: undefined } };

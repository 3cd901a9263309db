import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingScreen } from '../../../src/ui/loading-screen/loading-screen';

/** What shows while a page's code or data loads. */
const meta = {
  title: 'Screens/Misc/Loading screen',
  component: LoadingScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoadingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const WithLabel: Story = { args: { label: 'Loading your rewards…' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SettingsLoading } from '../../../src/ui/settings-loading/settings-loading';

/** Shown until the site settings load or fail; the text is fixed by the specification. */
const meta = {
  title: 'Screens/Misc/Settings loading',
  component: SettingsLoading,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SettingsLoading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading site settings...');
  },
};

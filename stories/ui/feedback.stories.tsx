import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingScreen } from '../../src/ui/loading-screen/loading-screen';
import { SettingsLoading } from '../../src/ui/settings-loading/settings-loading';
import { Skeleton, SkeletonGroup, SkeletonText } from '../../src/ui/skeleton/skeleton';
import { Spinner } from '../../src/ui/spinner/spinner';

const meta = { title: 'UI/Loading', component: Spinner } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SpinnerDefault: Story = { name: 'Spinner' };
export const SpinnerLarge: Story = { name: 'Spinner (large)', args: { size: 48, className: 'text-brand-ink' } };

export const Skeletons: Story = {
  render: () => (
    <SkeletonGroup label="Loading rewards" className="flex flex-col gap-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton width={56} height={56} rounded="md" />
          <SkeletonText lines={2} className="flex-1" />
        </div>
      ))}
    </SkeletonGroup>
  ),
};

export const FullPageLoading: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <LoadingScreen />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const LoadingSiteSettings: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <SettingsLoading />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading site settings...')).toBeInTheDocument();
  },
};

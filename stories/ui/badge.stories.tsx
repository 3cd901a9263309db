import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../../src/ui/badge/badge';

const meta = { title: 'UI/Badge', component: Badge, args: { children: 'Active' } } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      <Badge>Pending</Badge>
      <Badge tone="brand">New</Badge>
      <Badge tone="success">Completed</Badge>
      <Badge tone="warning">Expiring soon</Badge>
      <Badge tone="danger">Cancelled</Badge>
    </div>
  ),
};
export const Neutral: Story = {};

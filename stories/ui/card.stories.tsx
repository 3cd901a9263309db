import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/ui/button/button';
import { Card } from '../../src/ui/card/card';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: { title: 'Free Latte', children: <p className="text-muted">Any size, hot or iced.</p> },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithAction: Story = {
  args: {
    children: (
      <div className="flex flex-col gap-3">
        <p className="text-muted">Any size, hot or iced.</p>
        <Button fullWidth>Redeem</Button>
      </div>
    ),
  },
};
export const NoTitle: Story = { args: { title: undefined } };

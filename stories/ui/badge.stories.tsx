import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../../src/ui/badge/badge';
import { radio } from '../fixtures/controls';

/**
 * A short word about a thing's state, beside its name: an order's status, a reward's "New", a staff
 * member's role, a wheel version's "Live".
 *
 * - **When**: one or two words a person scans a list for. A sentence goes in a `Notice`; an action is a
 *   `Button`, never a badge.
 * - **Tones**: `neutral` (the default: a state that needs nothing), `brand` (new, featured), `success`
 *   (done, live), `warning` (soon to change: expiring, paused), `danger` (cancelled, failed). Every tone
 *   reads at AA contrast on the surface and on cards, in every merchant's theme.
 * - **Accessibility**: it is text, read where it stands; the tone's colour is never the only sign, so the
 *   word must say the state ("Cancelled", not a red dot).
 * - **Writing**: sentence case, no full stop ("Expiring soon").
 */
const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'Active' },
  argTypes: { tone: radio(['neutral', 'brand', 'success', 'warning', 'danger'] as const) },
} satisfies Meta<typeof Badge>;
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

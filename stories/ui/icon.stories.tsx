import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeIcon, icons } from '../../src/ui/icon/icon';

const meta = { title: 'UI/Icon', component: HomeIcon, args: { size: 24 } } satisfies Meta<typeof HomeIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllIcons: Story = {
  render: () => (
    <ul className="grid grid-cols-3 gap-4 sm:grid-cols-6">
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} className="flex flex-col items-center gap-1 text-ink">
          <Icon />
          <span className="text-xs text-muted">{name}</span>
        </li>
      ))}
    </ul>
  ),
};
/** With a title the icon is announced (role img); without one it is decorative. */
export const Labelled: Story = { args: { title: 'Home' } };

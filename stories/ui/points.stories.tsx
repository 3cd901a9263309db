import type { Meta, StoryObj } from '@storybook/react-vite';
import { Points } from '../../src/ui/points/points';

const meta = { title: 'UI/Points', component: Points, args: { value: 12500, locale: 'id-ID', showIcon: true } } satisfies Meta<typeof Points>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Balance: Story = {};
export const Earned: Story = { args: { value: 150, signed: true, showIcon: false } };
export const Spent: Story = { args: { value: -1200, signed: true, showIcon: false } };
export const One: Story = { args: { value: 1 } };

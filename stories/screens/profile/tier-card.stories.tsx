import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TierCard } from '../../../src/screens/profile/tier-card';
import { LOCALE, TIME_ZONE } from '../../fixtures/customer';
import { tierBarista, tierBean, tierBrewNotice, tiersOff } from '../../fixtures/tiers';

/**
 * The customer's tier (issue 30): compact on Home (name, bar, words), full in the profile (the notice
 * before a drop and what each tier gives). Every state is screenshot here, besides Home's and the
 * profile's `WithTier` stories that show it in place.
 */
const meta = {
  title: 'Screens/Profile/Tier card',
  component: TierCard,
  tags: ['screen'],
  parameters: { layout: 'padded' },
  args: { status: tierBean, variant: 'compact', locale: LOCALE, timeZone: TIME_ZONE },
  decorators: [(Story) => <div className="mx-auto max-w-md">{Story()}</div>],
} satisfies Meta<typeof TierCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Bean with 380 points this year: the bar from Bean's 0 to Brew's 500, and the words under it. */
export const BeanWithProgress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your tier Bean' })).toBeVisible();
    const bar = canvas.getByRole('progressbar', { name: 'Progress to Brew' });
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '500');
    await expect(bar).toHaveAttribute('aria-valuenow', '380');
    await expect(bar).toHaveAttribute('aria-valuetext', '120 more points to Brew');
    await expect(canvas.getByText('120 more points to Brew')).toBeVisible();
    await expect(canvas.queryByText('What each tier gives')).toBeNull();
  },
};

/** Brew, 30 days before its year ends short of 500: the notice says what keeps it, by when (Manila time). */
export const BrewWithNotice: Story = {
  args: { status: tierBrewNotice, variant: 'full' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Earn 160 more points by Dec 13, 2026 to keep Brew');
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Barista' })).toHaveAttribute('aria-valuenow', '500');
    await expect(canvas.getByText('1,160 more points to Barista')).toBeVisible();
  },
};

/** Barista: no bar, "Top tier". */
export const BaristaTopTier: Story = {
  args: { status: tierBarista },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Top tier')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** The profile's list: each tier's threshold and perks, the customer's own marked as theirs. */
export const TierList: Story = {
  args: { status: tierBarista, variant: 'full' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('region', { name: 'What each tier gives' }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    await expect(list).toHaveLength(3);
    await expect(list[0]).toHaveTextContent('BeanFrom the startPoints on every order, as usual');
    await expect(list[1]).toHaveTextContent('From 500 points a year');
    await expect(list[1]).toHaveTextContent('×1.25 points');
    await expect(list[1]).toHaveTextContent('Welcome reward: Butter Croissant');
    await expect(list[1]).toHaveTextContent('Birthday reward: Free Iced Latte');
    await expect(list[2]).toHaveTextContent('Early access: Single-origin tasting flight');
    await expect(list[2]).toHaveAttribute('aria-current', 'true');
    await expect(list[2]).toHaveTextContent('Your tier');
    await expect(list[1]).not.toHaveAttribute('aria-current');
  },
};

/** The shop has no tiers: nothing at all. */
export const TiersOff: Story = {
  args: { status: tiersOff, variant: 'full' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull();
    await expect(canvasElement).toHaveTextContent('');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StampCards } from '../../../src/screens/profile/stamp-cards';
import { money } from '../../fixtures/customer';
import { TIME_ZONE } from '../../fixtures/profile';
import { coffeeCard, newCard, pastryCard, pausedCard } from '../../fixtures/stamps';

/**
 * The customer's stamp cards (issue 29): on the Points page with every detail, on Home compact. Each
 * card's circles are one image read as "7 of 10 stamps"; the last circle is the reward.
 */
const meta = {
  title: 'Screens/Profile/Stamp cards',
  component: StampCards,
  tags: ['screen'],
  parameters: { layout: 'padded' },
  args: { cards: [coffeeCard], locale: money.locale, timeZone: TIME_ZONE },
} satisfies Meta<typeof StampCards>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardNamed = (el: HTMLElement, name: string) => within(el).getByRole('heading', { name }).closest('li')!;

/** Every state at once: no stamp yet, partly filled, one short, paused. */
export const AllStates: Story = {
  args: { cards: [newCard, coffeeCard, pastryCard, pausedCard] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual([
      '0 of 12 stamps',
      '7 of 10 stamps',
      '5 of 6 stamps',
      '3 of 8 stamps',
    ]);
    await expect(cardNamed(canvasElement, 'Cold brew card')).toHaveTextContent('0 of 12 stamps — 12 more for a free Cold Brew');
    await expect(cardNamed(canvasElement, 'Cold brew card')).not.toHaveTextContent('expire');
  },
};

/** Partly filled, per item, with the date its stamps expire in the shop's locale and time zone. */
export const PartlyFilled: Story = {
  play: async ({ canvasElement }) => {
    const card = within(cardNamed(canvasElement, 'Coffee card'));
    await expect(card.getByRole('img', { name: '7 of 10 stamps' })).toBeVisible();
    await expect(card.getByText(/more for/)).toHaveTextContent('7 of 10 stamps — 3 more for a free Latte');
    await expect(card.getByText(/^1 stamp/)).toHaveTextContent('1 stamp for each Latte or Cappuccino');
    await expect(card.getByText(/^Stamps expire/)).toHaveTextContent('Stamps expire Mar 3, 2027');
    await expect(card.getByText('You have filled 2 cards')).toBeVisible();
  },
};

/** One stamp short, per visit, stamps that never expire: no date. */
export const OneShort: Story = {
  args: { cards: [pastryCard] },
  play: async ({ canvasElement }) => {
    const card = within(cardNamed(canvasElement, 'Pastry card'));
    await expect(card.getByRole('img', { name: '5 of 6 stamps' })).toBeVisible();
    await expect(card.getByText(/more for/)).toHaveTextContent('5 of 6 stamps — 1 more for a free Butter Croissant');
    await expect(card.getByText(/^1 stamp/)).toHaveTextContent('1 stamp per visit with Pastries, Ube Cheese Pandesal, or Ensaymada');
    await expect(card.queryByText(/expire/)).toBeNull();
  },
};

/** Per item, naming a category: a stamp for each item from it, never "for each Bukid Signatures". */
export const CategoryPerItem: Story = {
  args: { cards: [{ ...coffeeCard, name: 'Signatures card', qualifying: ['Latte', 'Bukid Signatures'], qualifying_categories: ['Bukid Signatures'] }] },
  play: async ({ canvasElement }) => {
    const card = within(cardNamed(canvasElement, 'Signatures card'));
    await expect(card.getByText(/^1 stamp/)).toHaveTextContent('1 stamp for each Latte or item from Bukid Signatures');
  },
};

/** Paused by the shop: the stamps are kept, nothing is said about earning more. */
export const Paused: Story = {
  args: { cards: [pausedCard] },
  play: async ({ canvasElement }) => {
    const card = within(cardNamed(canvasElement, 'Iced tea card'));
    await expect(card.getByRole('img', { name: '3 of 8 stamps' })).toBeVisible();
    await expect(card.getByText('Paused for now: your stamps are kept')).toBeVisible();
    await expect(card.queryByText(/^1 stamp/)).toBeNull();
    await expect(card.getByText(/^Stamps expire/)).toHaveTextContent('Stamps expire Dec 10, 2026');
  },
};

/** Home's compact cards: the stamps and the summary only; Details (by keyboard) opens the Points page. */
export const Compact: Story = {
  args: { cards: [coffeeCard, pausedCard], compact: true, onOpenDetails: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: '7 of 10 stamps' })).toBeVisible();
    await expect(canvas.queryByText(/expire|^1 stamp/)).toBeNull();
    canvas.getByRole('button', { name: 'Details' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenDetails).toHaveBeenCalledTimes(1);
  },
};

/** No cards: nothing at all, not even the heading. */
export const None: Story = {
  args: { cards: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading')).toBeNull();
    await expect(canvasElement.textContent).toBe('');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { lazy } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { OptionSheet } from '../../../src/screens/shop/shop-screen';
import { money } from '../../fixtures/customer';
import { latteNoDefaultSize, optionLatte } from '../../fixtures/shop';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';

// A form whose code never arrives: the sheet as it is while its chunk loads.
const NeverLoads = lazy(() => new Promise<never>(() => {}));

/**
 * The option sheet (issue #27): a product's option groups, each with its rule in words, the price of
 * each option, how many, and "Add to order" with the price as chosen. A bottom sheet on a phone, a
 * dialog on a desktop; its form is a chunk of its own, loaded when the first sheet opens.
 */
const meta = {
  title: 'Screens/Shop/Option sheet',
  component: OptionSheet,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: { ...money, product: optionLatte, onClose: fn(), onAdd: fn() },
} satisfies Meta<typeof OptionSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

const sheet = () => screen.findByRole('dialog', { name: optionLatte.name });

/** Tab (at most 20 times) until the element has the focus: what a keyboard does. */
async function tabTo(el: HTMLElement) {
  for (let i = 0; i < 20 && document.activeElement !== el; i++) await userEvent.tab();
  await expect(el).toHaveFocus();
}

/** A Spanish latte with Size, Milk and Extras: Regular and Whole milk chosen, Soy milk sold out. */
export const Default: Story = {
  play: async () => {
    await sheet();
    await expect(await screen.findByRole('radio', { name: /Regular/ })).toBeChecked();
    await expect(screen.getByRole('radio', { name: /Whole milk/ })).toBeChecked();
    await expect(screen.getByRole('radio', { name: /Soy milk.*Sold out/ })).toBeDisabled();
    await expect(screen.getByRole('group', { name: /Extras.*Optional · up to 2/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Add to order · ₱165.00' })).toBeEnabled();
  },
};

/** Escape closes the sheet, adding nothing. */
export const EscapeCloses: Story = {
  tags: ['!screen'],
  play: async ({ args }) => {
    await sheet();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** Its form still on its way: a skeleton in the sheet. */
export const Loading: Story = {
  args: { children: <NeverLoads /> },
  play: async () => {
    await sheet();
    await expect(screen.getByRole('status', { name: 'Loading the options' })).toBeVisible();
  },
};

/**
 * Keyboard only: Tab to the sizes, an arrow to Large; Tab to the milks, an arrow to Oat; the price
 * follows (₱165.00 + ₱20.00 + ₱25.00); one more (₱420.00); Enter on Add.
 */
export const ChooseLargeOat: Story = {
  play: async ({ args }) => {
    await sheet();
    // the sheet opens on its close button; Tab walks into the first group, at its chosen radio
    await tabTo(await screen.findByRole('radio', { name: /Regular/ }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('radio', { name: /Large/ })).toBeChecked();
    await userEvent.tab();
    await expect(screen.getByRole('radio', { name: /Whole milk/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('radio', { name: /Oat milk/ })).toBeChecked();
    await expect(screen.getByRole('button', { name: 'Add to order · ₱210.00' })).toBeVisible();
    await tabTo(screen.getByRole('button', { name: `One more ${optionLatte.name}` }));
    await userEvent.keyboard('{Enter}');
    await tabTo(screen.getByRole('button', { name: 'Add to order · ₱420.00' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith({ product_id: optionLatte.id, qty: 2, options: [102, 202] });
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** No size chosen by default: Add names the missing choice and takes the focus to it. */
export const RequiredMissing: Story = {
  args: { product: latteNoDefaultSize },
  play: async ({ args }) => {
    await sheet();
    await userEvent.click(await screen.findByRole('button', { name: /Add to order/ }));
    await expect(screen.getByRole('alert')).toHaveTextContent('Choose a Size');
    await expect(screen.getByRole('radio', { name: /Regular/ })).toHaveFocus();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** Two extras chosen, the most: the third box is off, and the sheet says why. */
export const MaxReached: Story = {
  play: async () => {
    await sheet();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Extra shot/ }));
    const vanilla = screen.getByRole('checkbox', { name: /Vanilla syrup/ });
    await userEvent.click(vanilla);
    const third = screen.getByRole('checkbox', { name: /Sea-salt cream/ });
    await expect(third).toBeDisabled();
    await expect(third).toHaveAccessibleDescription('That is the most for Extras. Untick one to choose another.');
    // untick one, and the third can be chosen again; tick it back, and it cannot
    await userEvent.click(vanilla);
    await waitFor(() => expect(third).toBeEnabled());
    await userEvent.click(vanilla);
    await expect(third).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Add to order · ₱210.00' })).toBeVisible();
  },
};

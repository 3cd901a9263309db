import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { addLine, setLineQty, type CartLine } from '../../../src/screens/shop/cart-lines';
import { ShopScreen, type ShopScreenProps } from '../../../src/screens/shop/shop-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { money } from '../../fixtures/customer';
import { bgc, closedMakati, orderingOf } from '../../fixtures/locations';
import { navItems } from '../../fixtures/nav';
import {
  cartBelowMinimum,
  cartWithItems,
  cartWithOptions,
  cartWithSoldOut,
  cartWithSoldOutOption,
  categories,
  emptyCatalog,
  MIN_ORDER,
  optionCategories,
  optionLatte,
} from '../../fixtures/shop';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';
import { FORMAT_CONTROLS, noControls } from '../../fixtures/controls';

/** The container keeps the cart; in stories a little state stands in for it. */
function ShopWithCart(props: ShopScreenProps) {
  const [cart, setCart] = useState<CartLine[]>(props.cart);
  return (
    <ShopScreen
      {...props}
      cart={cart}
      onChangeQty={(key, qty) => {
        props.onChangeQty?.(key, qty);
        setCart((c) => setLineQty(c, key, qty));
      }}
      onAdd={(line) => {
        props.onAdd?.(line);
        setCart((c) => addLine(c, line));
      }}
    />
  );
}

/** /shop: categories as tabs, product cards, cart bar and sheet with the minimum order. */
const meta = {
  title: 'Screens/Shop/Shop',
  component: ShopScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true, docs: { story: DIALOGS_IN_FRAMES } },
  argTypes: { ...FORMAT_CONTROLS, ...noControls('categories', 'cart', 'ordering', 'unavailableProductIds', 'nav') },
  args: {
    ...money,
    categories,
    cart: [],
    minOrder: MIN_ORDER,
    nav: <BottomNav items={navItems('shop')} />,
    onChangeQty: fn(),
    onAdd: fn(),
    onCheckout: fn(),
    onRetry: fn(),
  },
  render: (args) => <ShopWithCart {...args} />,
} satisfies Meta<typeof ShopScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The menu with nothing in the cart; Cold brew is sold out. */
export const Default: Story = {};

/**
 * The high-contrast theme whatever the toolbar says (`parameters.theme`): a bright yellow brand, so text on
 * it turns black and brand ink darkens; screenshot on the phone and the desktop, checked by axe on both.
 */
export const HighContrast: Story = { parameters: { theme: 'contrast' } };

/** Issue 46: a product the shop gave no photo: its initial on a neutral tile, in the menu and in the cart, not a grey square. */
export const ProductWithoutPhoto: Story = {
  args: {
    categories: categories.map((c, i) => (i === 0 ? { ...c, products: c.products.map((p, j) => (j === 0 ? { ...p, image: '' } : p)) } : c)),
    cart: [{ product_id: categories[0]!.products[0]!.id, qty: 1 }],
    defaultCartOpen: true,
  },
  play: async ({ args }) => {
    const name = args.categories![0]!.products[0]!.name;
    const placeholders = [...document.querySelectorAll('[data-placeholder]')];
    await expect(placeholders.length).toBeGreaterThanOrEqual(1);
    await expect(placeholders.every((el) => el.textContent === name.charAt(0).toUpperCase())).toBe(true);
  },
};

export const Loading: Story = { args: { categories: [], loading: true } };

export const Empty: Story = { args: { categories: emptyCatalog } };

export const Error: Story = { args: { categories: [], error: 'The server did not answer. Check your connection.' } };

/** Two lattes and a croissant: the cart bar shows the subtotal and Checkout is on. */
export const CartWithItems: Story = { args: { cart: cartWithItems } };

/** The cart sheet open: lines with steppers and the subtotal. */
export const CartOpen: Story = { args: { cart: cartWithItems, defaultCartOpen: true } };

/** ₱75.00 of a ₱150.00 minimum: "add ₱75.00 more", Checkout off. */
export const BelowMinimum: Story = { args: { cart: cartBelowMinimum, defaultCartOpen: true } };

/** A product in the cart sold out since: it must be removed before checkout. */
export const UnavailableProduct: Story = { args: { cart: cartWithSoldOut, defaultCartOpen: true } };

/** Add, step up, step down, remove: the container hears every quantity. */
export const AddAndRemove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Cold brew is sold out' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add Cappuccino' }));
    await expect(args.onAdd).toHaveBeenLastCalledWith({ product_id: 4, qty: 1 });
    await userEvent.click(canvas.getByRole('button', { name: 'One more Cappuccino' }));
    await expect(args.onChangeQty).toHaveBeenLastCalledWith('4', 2);
    await expect(canvas.getByRole('group', { name: 'Quantity of Cappuccino' })).toHaveTextContent('2');
    await expect(canvas.getByRole('button', { name: /View cart · 2 items/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Checkout' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'One less Cappuccino' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Cappuccino' }));
    await expect(args.onChangeQty).toHaveBeenLastCalledWith('4', 0);
    await expect(canvas.getByRole('button', { name: 'Add Cappuccino' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Cart' })).toBeNull();
  },
};

/** Another category, then the cart sheet: remove a line there, check out. */
export const CartSheet: Story = {
  args: { cart: cartWithItems },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Pastries' }));
    await expect(canvas.getByRole('group', { name: 'Quantity of Butter croissant' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /View cart/ }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Your cart' }));
    await userEvent.click(sheet.getByRole('button', { name: 'Remove Butter croissant' }));
    await expect(args.onChangeQty).toHaveBeenLastCalledWith('12', 0);
    await userEvent.click(sheet.getByRole('button', { name: 'Checkout' }));
    await expect(args.onCheckout).toHaveBeenCalled();
  },
};

/** Coffees with options (issue #27): their starting price and "Options"; Add opens the option sheet. */
export const WithOptions: Story = { args: { categories: optionCategories } };

/** Two lines of one latte with other options, each with its options in words and its price. */
export const CartWithOptions: Story = {
  args: { categories: optionCategories, cart: cartWithOptions, defaultCartOpen: true },
  play: async ({ args }) => {
    const sheet = within(await screen.findByRole('dialog', { name: 'Your cart' }));
    await expect(sheet.getByText('Large · Oat milk').parentElement).toHaveTextContent('₱210.00 each');
    await userEvent.click(sheet.getByRole('button', { name: 'Remove Spanish latte, Large · Oat milk' }));
    await expect(args.onChangeQty).toHaveBeenLastCalledWith('2:102,202', 0);
    await expect(sheet.getByRole('group', { name: 'Quantity of Spanish latte, Regular · Whole milk · Extra shot' })).toHaveTextContent('2');
  },
};

/** A line whose oat milk sold out since: it cannot be checked out until it is changed. */
export const SoldOutOption: Story = { args: { categories: optionCategories, cart: cartWithSoldOutOption, defaultCartOpen: true } };

/**
 * Add on a latte opens its option sheet (loaded on first use); Large, then Add: a line of its own, the
 * card counts it, and the focus is back on Add.
 */
export const AddWithOptions: Story = {
  tags: ['!screen'],
  args: { categories: optionCategories },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: `Add ${optionLatte.name}` });
    await userEvent.click(add);
    const sheet = within(await screen.findByRole('dialog', { name: optionLatte.name }));
    await userEvent.click(await sheet.findByRole('radio', { name: /Large/ }));
    await userEvent.click(sheet.getByRole('button', { name: 'Add to order · ₱185.00' }));
    await expect(args.onAdd).toHaveBeenCalledWith({ product_id: optionLatte.id, qty: 1, options: [201, 102] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(add).toHaveFocus();
    await expect(canvas.getByText('Options · 1 in cart')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /View cart · 1 item/ })).toBeVisible();
  },
};

/**
 * Closed today (issue 28): the menu stays open to browse, the notice says when ordering opens; this
 * place does not sell the tapsilog, shown like a sold-out product (in Meals).
 */
export const ClosedOpensTomorrow: Story = {
  args: { ordering: orderingOf(closedMakati), unavailableProductIds: bgc.unavailable_product_ids },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Closed now — opens tomorrow at 7:00 AM')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Meals' }));
    await expect(canvas.getByRole('button', { name: 'Tapsilog is not available' })).toBeDisabled();
  },
};

/** Scanned at a table (issue 54): the menu, with the table said above it. */
export const AtATable: Story = {
  args: { table: { label: '12', location: 'Kopi Senja BGC' }, cart: cartWithItems },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Table 12')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PromoCodeField, type PromoCodeFieldProps } from '../../../src/screens/orders/promo-code-field';
import type { PromoProblem } from '../../../src/screens/orders/promo-words';
import { Money } from '../../../src/ui';
import { CURRENCY, LOCALE, TIME_ZONE } from '../../fixtures/customer';
import { appliedKopi10 } from '../../fixtures/offers';

/**
 * Checkout's promo code (issue 50): "Add a promo code" opens the field; Apply asks for a quote with it
 * (applying); then the code, its offer and what it takes off, with Remove; or, refused, the plain reason
 * under the field, one story per reason the provider gives.
 */
const meta = {
  title: 'Screens/Orders/Promo code',
  component: PromoCodeField,
  tags: ['screen'],
  parameters: { layout: 'padded', pseudoCheck: true },
  args: {
    code: null,
    offer: null,
    money: (amount: number, className?: string) => <Money amount={amount} currency={CURRENCY} locale={LOCALE} className={className} />,
    format: { currency: CURRENCY, locale: LOCALE, timeZone: TIME_ZONE, fulfilment: 'delivery' },
    onApply: fn(),
    onRemove: fn(),
    onSeeOffers: fn(),
  },
  argTypes: { money: { control: false }, format: { control: false }, problem: { control: false }, offer: { control: false } },
  decorators: [(Story) => <div className="mx-auto max-w-xl">{Story()}</div>],
} satisfies Meta<typeof PromoCodeField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: "Add a promo code" opens the field and puts the cursor in it; "See offers" leads to the offers. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'See offers' }));
    await expect(args.onSeeOffers).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a promo code' }));
    await expect(canvas.getByLabelText('Promo code')).toHaveFocus();
  },
};

/** Open: the code typed in any case is applied in capitals, by the button or by Enter; nothing typed is said at once, nothing sent. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(canvas.getByText('Enter a code first.')).toBeVisible();
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Promo code'), ' kopi10 {Enter}');
    await expect(args.onApply).toHaveBeenCalledWith('KOPI10');
    await expect(canvas.queryByText('Enter a code first.')).toBeNull();
  },
};

/** Applying: the quote with the code is being asked; the field waits, Apply is busy. */
export const Applying: Story = {
  args: { code: 'KOPI10', applying: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Promo code')).toHaveValue('KOPI10');
    await expect(canvas.getByLabelText('Promo code')).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Applied: the code, the offer's title and what it takes off; Remove takes it off the order. */
export const Applied: Story = {
  args: { code: 'KOPI10', offer: appliedKopi10 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('KOPI10 applied: 10% off this weekend, −₱42.50 off your order');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove promo code KOPI10' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

/** The container drops a refused code and keeps why; here a state does. */
function Refused(props: PromoCodeFieldProps) {
  const [problem, setProblem] = useState(props.problem ?? null);
  return (
    <PromoCodeField
      {...props}
      problem={problem}
      onApply={(code) => {
        props.onApply?.(code);
        setProblem(null);
      }}
    />
  );
}

const refused = (problem: PromoProblem, words: string): Story => ({
  args: { problem },
  render: (args) => <Refused {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Promo code');
    await expect(field).toHaveValue(problem.code);
    await expect(field).toHaveAccessibleDescription(words);
    await expect(canvas.getByRole('alert')).toHaveTextContent(words);
  },
});

/** No offer has this code (a wrong try: too many of them and every code waits). */
export const Unknown: Story = refused({ reason: 'unknown', code: 'KOPI01' }, "We don't know this code. Check the spelling.");

/** Not started yet: the day it starts, in the shop's time zone. */
export const NotYet: Story = {
  ...refused({ reason: 'not_yet', code: 'NOEL25', starts_at: '2026-12-04T16:00:00Z' }, 'This code starts on Sat, Dec 5'),
  tags: ['!screen'],
};

export const Expired: Story = { ...refused({ reason: 'expired', code: 'BOO13', ends_at: '2026-10-31T15:59:00Z' }, 'This code has expired'), tags: ['!screen'] };

/** Below the offer's minimum spend: how much more the basket needs. */
export const BelowMinimum: Story = refused(
  { reason: 'below_minimum', code: 'KOPI10', min_spend: 30000, missing: 12000 },
  'Spend ₱120.00 more to use this code',
);

/** New customers only, or the customer's own limit reached. */
export const NotForYou: Story = { ...refused({ reason: 'not_for_you', code: 'HELLO50' }, 'This code is not available on your account'), tags: ['!screen'] };

/** Its uses or its budget are spent. */
export const UsedUp: Story = refused({ reason: 'used_up', code: 'FLYER100' }, 'This code has been used up');

/** Another location, or pickup only on a delivery. */
export const NotHere: Story = {
  ...refused({ reason: 'not_here', code: 'PICKUP15' }, 'This code is not valid at this location or for delivery'),
  tags: ['!screen'],
};

export const Paused: Story = { ...refused({ reason: 'paused', code: 'PICKUP15' }, 'This code is paused'), tags: ['!screen'] };

/** A reward voucher is on the order, and the offer does not go with one. */
export const NotWithVoucher: Story = {
  ...refused({ reason: 'not_with_voucher', code: 'KOPI10' }, 'This code cannot be used together with a voucher'),
  tags: ['!screen'],
};

/** Too many unknown codes (429 RATE_LIMITED): every code waits a while. */
export const TooManyTries: Story = refused({ reason: 'too_many_tries', code: 'KOPI11' }, 'Too many tries. Try again in a few minutes.');

/** The reason is about the code it names: typing another hides it, and Apply tries that one. */
export const RefusedThenRetyped: Story = {
  tags: ['!screen'],
  args: { problem: { reason: 'unknown', code: 'KOPI01' } },
  render: (args) => <Refused {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Promo code');
    await userEvent.tripleClick(field);
    await userEvent.keyboard('KOPI1');
    await expect(field).toHaveValue('KOPI1');
    await userEvent.keyboard('0');
    await expect(field).toHaveValue('KOPI10');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(args.onApply).toHaveBeenCalledWith('KOPI10');
  },
};

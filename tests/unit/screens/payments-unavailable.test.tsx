// @vitest-environment jsdom
/**
 * Finding 1: with no payment gateway, top-ups and online payment answer 503 PAYMENTS_UNAVAILABLE.
 * The screens show the provider's message in place and leave the wallet usable.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderConfirmationScreen } from '../../../src/screens/orders/order-confirmation-screen';
import { WalletScreen } from '../../../src/screens/wallet/wallet-screen';
import { orderItems, quotePickup } from '../../../stories/fixtures/orders';

const money = { currency: 'PHP', locale: 'en-PH' };
const MESSAGE = 'Online payments are not available right now. You can still pay from your wallet balance.';

afterEach(cleanup);

describe('the wallet screen without online payments', () => {
  it('shows the 503 message as an alert next to the top-up, with the balance still there', () => {
    render(<WalletScreen {...money} balance={48500} history={[]} formError={MESSAGE} />);
    expect(screen.getByRole('alert').textContent).toContain(MESSAGE);
    expect(screen.getByRole('heading', { name: 'Wallet balance' })).toBeTruthy();
  });

  it('replaces the top-up form with a plain note when the settings say payments are off', () => {
    const onTopUp = vi.fn();
    render(<WalletScreen {...money} balance={48500} history={[]} onlinePayments={false} onTopUp={onTopUp} />);
    expect(screen.getByText(/Top-ups are not available right now/).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: /Top up/ })).toBeNull();
  });
});

describe('order confirmation without online payments', () => {
  const base = { ...money, items: orderItems, fulfilment: 'pickup' as const, quote: quotePickup };

  it('shows the 503 message next to the payment choice, greys out online payment and pays from the wallet', () => {
    const onPlaceOrder = vi.fn();
    render(
      <OrderConfirmationScreen
        {...base}
        walletBalance={1_000_000}
        defaultPaymentMethod="gateway"
        errorCode="PAYMENTS_UNAVAILABLE"
        formError={MESSAGE}
        onPlaceOrder={onPlaceOrder}
      />,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toContain(MESSAGE);
    expect((screen.getByRole('radio', { name: /Online payment/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Wallet/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect(onPlaceOrder).toHaveBeenCalledWith('wallet');
  });

  it('offers no top-up when the settings say payments are off and the wallet is short', () => {
    render(<OrderConfirmationScreen {...base} walletBalance={100} onlinePayments={false} onTopUp={vi.fn()} onEditCart={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Top up/ })).toBeNull();
    expect(screen.getByText(/Top-ups are not available right now/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Place order/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refused top-up in place, with the top-up button gone once payments are known to be off', () => {
    render(<OrderConfirmationScreen {...base} walletBalance={100} onlinePayments={false} topUpError={MESSAGE} onTopUp={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain(MESSAGE);
  });
});

// @vitest-environment jsdom
/**
 * What each call that changes data reads again, through the app's own client and SWR set-up: the
 * network is a stand-in that answers every read and the one call, and counts what was read again.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProfile } from '../../../src/api/customers';
import { useMarkNotificationsRead, useNotifications } from '../../../src/api/notifications';
import { useOffers } from '../../../src/api/offers';
import { useCreateOrder, useOrders } from '../../../src/api/orders';
import { useRedeemReward, useRewards, useVoucherStorage } from '../../../src/api/rewards';
import { useCatalog } from '../../../src/api/shop';
import { useStampCards } from '../../../src/api/stamps';
import { useTopUp, useWalletBalance } from '../../../src/api/wallet';
import { useWheel } from '../../../src/api/wheel';
import { createExpiringCache, swrOptions } from '../../../src/shared/swr';
import type { Call } from '#contract/api';
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { offersApi } from '#contract/offers.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { stampsApi } from '#contract/stamps.calls';
import { walletApi } from '#contract/wallet.calls';
import { wheelApi } from '#contract/wheel.calls';

type Answer = { status: number; data: unknown; code?: string };

/** the paths of declared calls, sorted as readAgain answers them */
const pathsOf = (...calls: Call<any, any>[]) => calls.map((c) => c.path).sort();

let reads: Record<string, number> = {};
let answerFor: (path: string) => Answer = () => ({ status: 200, data: {} });

beforeEach(() => {
  reads = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://app.test').pathname.replace(/^\/api\//, '');
    if ((init?.method ?? 'GET') === 'GET') reads[path] = (reads[path] ?? 0) + 1;
    const a = init?.method === 'POST' ? answerFor(path) : { status: 200, data: {} };
    const body = { status: a.status, message: a.code ? 'Refused.' : 'OK', data: a.data, ...(a.code ? { error: { code: a.code } } : {}) };
    return new Response(JSON.stringify(body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The home, wallet, rewards and checkout data on screen at once, and the calls. */
function renderApp() {
  const cache = createExpiringCache();
  const wrapper = ({ children }: { children: ReactNode }) => {
    const value = useMemo(() => ({ ...swrOptions(cache), dedupingInterval: 0, revalidateOnFocus: false }), []);
    return <SWRConfig value={value}>{children}</SWRConfig>;
  };
  return renderHook(
    () => {
      useProfile();
      useWalletBalance();
      useNotifications(1);
      // in a language, as the app asks: `lang` is in the key, and what changes vouchers reads them again all the same
      useVoucherStorage('active', true, 'fil');
      useRewards();
      useCatalog();
      useWheel();
      useStampCards();
      useOrders(1);
      useOffers();
      return { redeem: useRedeemReward(), order: useCreateOrder(), topUp: useTopUp(), markRead: useMarkNotificationsRead() };
    },
    { wrapper },
  );
}

const SHOWN = pathsOf(
  customersApi.profile,
  walletApi.balance,
  notificationsApi.list,
  rewardsApi.storage,
  rewardsApi.list,
  shopApi.catalog,
  wheelApi.config,
  stampsApi.cards,
  ordersApi.list,
  offersApi.list,
);

async function readAgain(run: () => Promise<unknown>): Promise<string[]> {
  await waitFor(() => expect(Object.keys(reads).sort()).toEqual([...SHOWN].sort()));
  const before = { ...reads };
  await act(async () => {
    await run().catch(() => {});
  });
  await new Promise((r) => setTimeout(r, 20));
  return Object.keys(reads)
    .filter((p) => reads[p]! > (before[p] ?? 0))
    .sort();
}

describe('what each change reads again', () => {
  it('a redeemed reward: the points (profile, wheel, stamp cards), the vouchers, the rewards and the unread count', async () => {
    answerFor = () => ({ status: 200, data: { voucher: { id: 1 } } });
    const { result } = renderApp();
    expect(await readAgain(() => result.current.redeem('coffee', 'key-1'))).toEqual(
      pathsOf(customersApi.profile, notificationsApi.list, rewardsApi.list, rewardsApi.storage, stampsApi.cards, wheelApi.config),
    );
  });

  it('a redeem refused for too few points: the profile only', async () => {
    answerFor = () => ({ status: 409, code: 'INSUFFICIENT_POINTS', data: { points: 3 } });
    const { result } = renderApp();
    expect(await readAgain(() => result.current.redeem('coffee', 'key-1'))).toEqual(pathsOf(customersApi.profile));
  });

  it('an order paid from the wallet: balances, vouchers, orders, the offers for the customer and the unread count; not the menu', async () => {
    answerFor = () => ({ status: 200, data: { order: { name: 'A-1' } } });
    const { result } = renderApp();
    const placed = await readAgain(() => result.current.order({ items: [], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: 'k' }));
    expect(placed).toEqual(
      pathsOf(
        customersApi.profile,
        notificationsApi.list,
        offersApi.list,
        ordersApi.list,
        rewardsApi.list,
        rewardsApi.storage,
        stampsApi.cards,
        walletApi.balance,
        wheelApi.config,
      ),
    );
  });

  it('an order to pay on the gateway page: nothing yet', async () => {
    answerFor = () => ({ status: 200, data: { order: { name: 'A-1' }, payment_url: 'https://pay.example/1' } });
    const { result } = renderApp();
    expect(await readAgain(() => result.current.order({ items: [], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: 'k' }))).toEqual([]);
  });

  it('an order refused because something sold out: the menu', async () => {
    answerFor = () => ({ status: 409, code: 'PRODUCT_UNAVAILABLE', data: null });
    const { result } = renderApp();
    expect(await readAgain(() => result.current.order({ items: [], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: 'k' }))).toEqual(
      pathsOf(shopApi.catalog),
    );
  });

  it('an order with a promo code, even one to pay on the gateway page: the offers (its use counts at once)', async () => {
    answerFor = () => ({ status: 200, data: { order: { name: 'A-1' }, payment_url: 'https://pay.example/1' } });
    const { result } = renderApp();
    const body = { items: [], fulfilment: 'pickup' as const, payment_method: 'gateway' as const, promo_code: 'KOPI10', idempotency_key: 'k' };
    expect(await readAgain(() => result.current.order(body))).toEqual(pathsOf(offersApi.list));
  });

  it('an order refused because its promo code no longer applies: the offers', async () => {
    answerFor = () => ({ status: 400, code: 'PROMO_CODE_INVALID', data: { reason: 'used_up', code: 'KOPI10' } });
    const { result } = renderApp();
    const body = { items: [], fulfilment: 'pickup' as const, payment_method: 'wallet' as const, promo_code: 'KOPI10', idempotency_key: 'k' };
    expect(await readAgain(() => result.current.order(body))).toEqual(pathsOf(offersApi.list));
  });

  it('a top-up started: nothing until its payment arrives', async () => {
    answerFor = () => ({ status: 200, data: { topup_id: 't', payment_url: 'https://pay.example/t' } });
    const { result } = renderApp();
    expect(await readAgain(() => result.current.topUp(10_000, 'k'))).toEqual([]);
  });

  it('notifications marked read, or the marking refused: the notifications', async () => {
    answerFor = () => ({ status: 200, data: { unread: 0 } });
    const ok = renderApp();
    expect(await readAgain(() => ok.result.current.markRead({ all: true }))).toEqual(pathsOf(notificationsApi.list));
    cleanup();
    reads = {};
    answerFor = () => ({ status: 500, code: 'INTERNAL', data: null });
    const failed = renderApp();
    expect(await readAgain(() => failed.result.current.markRead({ all: true }))).toEqual(pathsOf(notificationsApi.list));
  });
});

import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOPUP_MAX, TOPUP_MIN } from '#contract/limits';
import { copiedAt } from '../../api/client';
import { profileKey, useProfileWhile } from '../../api/customers';
import { useOffline } from '../../api/reachable';
import { useTopUp, useWalletBalance, walletHistoryPages } from '../../api/wallet';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { useGoBack } from '../../app/go-back';
import { useKeyedAction } from '../../shared/action';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { usePages } from '../../app/use-pages';
import { usePaymentRedirect } from '../../app/use-payment-redirect';
import { WalletScreen } from './wallet-screen';

/** The saved card and auto-reload: a chunk of its own, loaded once the wallet shows (issue 49). */
const AutoReload = lazy(() => import('./auto-reload-section.container'));

/**
 * /profile/wallet: the balance, its history page by page, and a top-up: wallet/topup (one per tap)
 * opens the payment gateway's page, which brings the customer back to /top-up-success or /top-up-fail;
 * and, when the shop sells gift cards (settings `gift_cards`), a link to send one.
 */
export default function WalletPage() {
  const { settings } = useSite();
  const back = useGoBack(paths.profileHome);
  const navigate = useNavigate();
  const balance = useWalletBalance();
  // offline, the balance is not read again: the worker's kept copy of the profile has it, and says when
  // it was read, as on Home (the wallet's own read is not kept: the profile's is enough)
  const offline = useOffline();
  const profile = useProfileWhile(offline);
  const kept = offline && balance.data === undefined ? profile.data : undefined;
  const balanceAsOf = kept ? copiedAt(profileKey) : null;
  const history = usePages(walletHistoryPages);
  const topUp = useTopUp();
  const topup = useKeyedAction((key, amount: number) => topUp(amount, key));
  // From the answer until the browser leaves for the gateway, the form stays busy.
  const { leaving, leave } = usePaymentRedirect();

  // the shop's own limits and quick amounts (settings), within the contract's
  const min = Math.max(TOPUP_MIN, settings.topup_min ?? TOPUP_MIN);
  const max = Math.min(TOPUP_MAX, settings.topup_max ?? TOPUP_MAX);
  const startTopUp = async (amount: number) => {
    if (!Number.isInteger(amount) || amount < min || amount > max || leaving) return;
    const outcome = await topup.run(amount);
    if (!outcome?.ok) return;
    leave(outcome.value.payment_url);
  };

  const fieldErrors = fieldErrorsOf(topup.error);
  return (
    <WalletScreen
      balance={balance.data?.balance ?? kept?.wallet_balance}
      loading={balance.isLoading && !kept}
      error={balance.error && !kept ? messageOf(balance.error) : null}
      balanceAsOf={balanceAsOf}
      now={new Date().toISOString()}
      onRetry={() => void balance.mutate()}
      history={history.pages?.flatMap((p) => p.items) ?? []}
      historyLoading={history.loading}
      historyError={history.error ?? history.loadMoreError}
      onRetryHistory={history.reload}
      hasMore={history.hasMore}
      onLoadMore={history.loadMore}
      loadingMore={history.loadingMore}
      onTopUp={(amount) => void startTopUp(amount)}
      submitting={topup.pending || leaving}
      fieldErrors={fieldErrors}
      formError={topup.error && Object.keys(fieldErrors).length === 0 ? messageOf(topup.error) : null}
      // a 503 PAYMENTS_UNAVAILABLE on the way shows its message above (formError) with the form kept
      onlinePayments={settings.online_payments !== false}
      min={min}
      max={max}
      {...(settings.topup_presets?.length ? { presets: settings.topup_presets } : {})}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
      autoReload={
        settings.online_payments !== false && (
          <Suspense fallback={null}>
            <AutoReload />
          </Suspense>
        )
      }
      {...(settings.gift_cards ? { giftCards: { href: paths.giftCards, onOpen: () => void navigate(paths.giftCards) } } : {})}
    />
  );
}

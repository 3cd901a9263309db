import { useNavigate } from '../../app/router';
import { useCheckout } from '../../app/checkout';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { useTopupResult } from '../../app/use-topup-result';
import { TopUpSuccessScreen } from './top-up-success-screen';
import { TopUpFailScreen } from './top-up-fail-screen';

/**
 * /top-up-fail. The failure is shown once the provider says the top-up failed; while it is still
 * being checked, or if it was paid after all, the page shows that instead (the result screen's own
 * pending, paid and error states). A cart in progress means the top-up was for an order: trying
 * again and "Back" return to checkout, where the top-up started; otherwise to the wallet.
 */
export default function TopUpFailPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const forOrder = useCheckout().checkout.cart.length > 0;
  const { result, status, loading, error, onRetry } = useTopupResult();
  const back = forOrder ? paths.orderConfirmation : paths.profileWallet;
  const common = { nav: <AppNav />, currency: settings.currency, locale: settings.locale };

  if (status === 'failed' && result) {
    return (
      <TopUpFailScreen
        reason="failed"
        amount={result.topup.amount}
        onTryAgain={() => void navigate(back)}
        onBack={() => void navigate(back)}
        backTo={forOrder ? 'checkout' : 'wallet'}
        {...common}
      />
    );
  }
  return (
    <TopUpSuccessScreen
      variant={forOrder ? 'order' : 'profile'}
      result={result}
      loading={loading}
      error={error}
      onRetry={onRetry}
      onBackToWallet={() => void navigate(paths.profileWallet)}
      onContinueToCheckout={() => void navigate(paths.orderConfirmation)}
      onTryAgain={() => void navigate(back)}
      {...common}
    />
  );
}

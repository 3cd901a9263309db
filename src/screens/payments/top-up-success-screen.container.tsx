import { useLocation, useNavigate } from '../../app/router';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { useTopupResult } from '../../app/use-topup-result';
import { TopUpSuccessScreen } from './top-up-success-screen';

/**
 * /top-up-success (back to the wallet) and /top-up-success/order (on to checkout). The status shown is
 * the provider's: still pending, paid with the new balance, or failed after all.
 */
export default function TopUpSuccessPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const variant = useLocation().pathname === paths.topUpSuccessOrder ? 'order' : 'profile';
  const { result, loading, error, onRetry } = useTopupResult();
  const back = variant === 'order' ? paths.orderConfirmation : paths.profileWallet;

  return (
    <TopUpSuccessScreen
      variant={variant}
      result={result}
      loading={loading}
      error={error}
      onRetry={onRetry}
      onBackToWallet={() => void navigate(paths.profileWallet)}
      onContinueToCheckout={() => void navigate(paths.orderConfirmation)}
      onTryAgain={() => void navigate(back)}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
    />
  );
}

import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from '../../app/router';
import { decodeAlterLoginId } from '../../app/alter-login';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { useRequestCode } from '../../app/auth/sign-in-flow';
import { AlterLoginScreen } from './alter-login-screen';
import { formatWait } from './phone-form';

/** `/?id=base64(phone|mid)`: starts sign-in for that phone at that merchant. */
export default function AlterLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { settings } = useSite();
  const id = params.get('id');
  const link = useMemo(() => decodeAlterLoginId(id), [id]);
  const code = useRequestCode('login');
  const started = useRef(false);
  const wrongShop = link.ok && !!settings.merchant_id && link.merchantId !== settings.merchant_id;

  useEffect(() => {
    if (!link.ok || wrongShop || started.current) return;
    started.current = true;
    void code.send(link.phone);
  }, [link, wrongShop, code]);

  // No link at all: this is just the site's front door.
  if (!id) return <Navigate to={paths.login} replace />;

  const error = wrongShop
    ? `This sign-in link is for another shop. You can still sign in to ${settings.setting_company || 'this shop'} with your phone number.`
    : code.retryAfter
      ? `Please wait before asking for another code. You can ask for a new one in ${formatWait(code.retryAfter)}.`
      : (code.fieldErrors.phone ?? code.formError);

  return (
    <AlterLoginScreen
      companyName={settings.setting_company || undefined}
      logo={settings.post_file || undefined}
      phone={link.ok ? link.phone : null}
      problem={link.ok ? null : link.reason}
      error={error}
      onRetry={link.ok && !wrongShop ? () => void code.send(link.phone) : undefined}
      onUseLogin={() => navigate(paths.login)}
    />
  );
}

import { Button, Notice, Spinner } from '../../ui';
import { AuthLayout } from './auth-layout';
import { formatPhone } from './format-phone';

export type AlterLoginProblem = 'missing' | 'malformed' | 'incomplete';

export interface AlterLoginScreenProps {
  companyName?: string;
  logo?: string;
  /** The phone number decoded from the link, while a code is being sent to it. */
  phone?: string | null;
  /** Set when the link cannot be used (see decodeAlterLoginId in src/app/alter-login.ts). */
  problem?: AlterLoginProblem | null;
  /** The code request failed (network, rate limit); with `onRetry` offers another try. */
  error?: string | null;
  onRetry?: () => void;
  /** Goes to the normal /login page. */
  onUseLogin?: () => void;
}

const PROBLEM_TEXT: Record<AlterLoginProblem, string> = {
  missing: 'This sign-in link has no details in it.',
  malformed: 'This sign-in link looks damaged, perhaps it was cut short when it was copied.',
  incomplete: 'This sign-in link is missing part of what we need.',
};

/** /: signs in from a link that carries the phone number and merchant (`?id=base64(phone|mid)`). */
export function AlterLoginScreen({ companyName, logo, phone, problem, error, onRetry, onUseLogin }: AlterLoginScreenProps) {
  if (problem) {
    return (
      <AuthLayout title="We couldn't use this link" companyName={companyName} logo={logo}>
        <p className="text-muted">{PROBLEM_TEXT[problem]} You can still sign in with your phone number.</p>
        <Button size="lg" fullWidth onClick={onUseLogin}>
          Sign in with phone number
        </Button>
      </AuthLayout>
    );
  }
  const who = phone ? formatPhone(phone) : 'your number';
  return (
    <AuthLayout title="Signing you in" companyName={companyName} logo={logo}>
      {error ? (
        <Notice
          tone="danger"
          title="We couldn't send your code"
          action={
            <div className="flex flex-col gap-2 sm:flex-row">
              {onRetry && (
                <Button variant="secondary" onClick={onRetry}>
                  Try again
                </Button>
              )}
              <Button variant="ghost" onClick={onUseLogin}>
                Sign in another way
              </Button>
            </div>
          }
        >
          {error}
        </Notice>
      ) : (
        <div className="flex items-center gap-3" aria-live="polite">
          <Spinner size={28} label={null} className="text-brand-ink" />
          <p className="text-ink">
            Signing you in as <span className="font-semibold whitespace-nowrap">{who}</span>
            {companyName ? (
              <>
                {' '}
                for <span className="font-semibold">{companyName}</span>
              </>
            ) : null}
            . We are sending you a code…
          </p>
        </div>
      )}
    </AuthLayout>
  );
}

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { BellIcon, Button, CloseIcon, Notice, cardClass, cx, focusRing } from '../../ui';

/**
 * The order page's offer of notifications (after a first order): what we would send, and Allow /
 * Not now. The browser's own prompt comes only after Allow, so a customer who does not want them is
 * never asked by the browser (a refusal there is hard to undo).
 */
export type PushCardState = 'explained' | 'working' | 'allowed' | 'denied' | 'needs-install' | 'error';

export interface PushPermissionCardProps {
  state: PushCardState;
  /** what went wrong (state `error`) */
  error?: string | null;
  onAllow?: () => void;
  onNotNow?: () => void;
  /** closes an answered card (allowed, denied, the iPhone note) */
  onClose?: () => void;
}

const WHAT_WE_SEND = [
  msg`When your order is being prepared, and when it is ready`,
  msg`Points added to your balance, and points about to expire`,
  msg`Rewards within reach and offers from the shop`,
];

export function PushPermissionCard({ state, error, onAllow, onNotNow, onClose }: PushPermissionCardProps) {
  const { t } = useLingui();
  const close = onClose && (
    <button
      type="button"
      onClick={onClose}
      aria-label={t`Close`}
      className={cx('-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:text-ink', focusRing)}
    >
      <CloseIcon size={18} />
    </button>
  );
  if (state === 'allowed') {
    return (
      <Notice tone="success" title={t`Notifications are on`} action={close}>
        {t`We'll send a message to this phone when your order is ready. You can choose what we send in your profile.`}
      </Notice>
    );
  }
  if (state === 'denied') {
    return (
      <Notice tone="warning" title={t`Notifications are blocked`} action={close}>
        {t`Your browser is set not to show notifications from this shop. To get them, allow notifications for this site in your browser's settings. Your messages stay in the app's inbox either way.`}
      </Notice>
    );
  }
  if (state === 'needs-install') {
    return (
      <Notice tone="info" title={t`Get a message when your order is ready`} action={close}>
        {t`On iPhone and iPad, notifications work in the installed app: tap Share, then Add to Home Screen, and open the shop from your Home Screen.`}
      </Notice>
    );
  }
  const working = state === 'working';
  return (
    <section aria-labelledby="push-card-title" className={cx(cardClass(), 'flex flex-col gap-3')}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
          <BellIcon size={20} />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="push-card-title" className="text-lg font-semibold">
            {t`Get a message when your order is ready`}
          </h2>
          <p className="text-sm text-muted">{t`No need to keep the app open. We'll only send:`}</p>
        </div>
      </div>
      <ul className="flex list-disc flex-col gap-1 pl-6 text-sm">
        {WHAT_WE_SEND.map((w) => (
          <li key={w.id}>{t(w)}</li>
        ))}
      </ul>
      <p className="text-sm text-muted">{t`Choose what we send, or turn it off, in your profile at any time.`}</p>
      {state === 'error' && error && (
        <Notice tone="danger" title={t`We couldn't turn on notifications`}>
          {error}
        </Notice>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAllow} disabled={working} aria-busy={working || undefined}>
          {working ? t`Turning on…` : state === 'error' ? t`Try again` : t`Allow`}
        </Button>
        <Button variant="ghost" onClick={onNotNow} disabled={working}>
          {t`Not now`}
        </Button>
      </div>
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CheckIcon, CloseIcon, cardClass, cx, focusRing } from '../../ui';
import { make } from '../../ui/icon/base-icons';

/** iOS's Share symbol (a box with an arrow out of it) and its Add to Home Screen symbol, as Safari draws them. */
const ShareIcon = make(
  'Share',
  <>
    <path d="M12 3v12" />
    <path d="m8 7 4-4 4 4" />
    <path d="M8 11H6a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-2" />
  </>,
);
const AddToHomeIcon = make(
  'AddToHome',
  <>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </>,
);
const AppIcon = make(
  'App',
  <>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </>,
);

/**
 * What the offer shows: `prompt` where the browser can install at a tap (Chromium on Android and
 * desktops), `ios` the steps through Safari's Share menu (no browser on iOS can prompt), `installed`
 * once it is; null (dismissed, or not the moment): nothing.
 */
export type InstallPromptMode = 'prompt' | 'ios' | 'installed' | null;

export interface InstallPromptProps {
  mode: InstallPromptMode;
  /** the shop's short name, as under its icon */
  shopName: string;
  onInstall?: () => void;
  /** Not now (remembered for 30 days), or closing the installed note */
  onDismiss?: () => void;
}

function CloseButton({ label, onClick }: { label: string; onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cx('-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface', focusRing)}
    >
      <CloseIcon size={20} />
    </button>
  );
}

function IosSteps({ shopName }: { shopName: string }) {
  const step = 'flex items-center gap-3';
  const symbol = 'inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface text-brand';
  const { t } = useLingui();
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label={t`How to add ${shopName} to your Home Screen`}>
      <li className={step}>
        <span className={symbol}>
          <ShareIcon size={20} />
        </span>
        <span>
          <Trans>
            1. Tap <strong>Share</strong> in Safari&rsquo;s toolbar.
          </Trans>
        </span>
      </li>
      <li className={step}>
        <span className={symbol}>
          <AddToHomeIcon size={20} />
        </span>
        <span>
          <Trans>
            2. Scroll down and tap <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
          </Trans>
        </span>
      </li>
    </ol>
  );
}

/** Home's offer to install the app, at a sensible moment (the container decides when: src/app/install-prompt.ts). */
export function InstallPrompt({ mode, shopName, onInstall, onDismiss }: InstallPromptProps) {
  const { t } = useLingui();
  if (mode === null) return null;
  if (mode === 'installed') {
    return (
      <section aria-label={t`App installed`} className={cx(cardClass('md'), 'flex items-start gap-3')}>
        <CheckIcon size={22} className="mt-0.5 shrink-0 text-success" />
        <p role="status" className="flex-1 text-sm">
          <Trans>
            <strong>{shopName} is installed.</strong> Open it from your home screen next time.
          </Trans>
        </p>
        <CloseButton label={t`Close`} onClick={onDismiss} />
      </section>
    );
  }
  const title = mode === 'ios' ? t`Add ${shopName} to your Home Screen` : t`Install ${shopName}`;
  return (
    <section aria-labelledby="install-prompt-title" className={cx(cardClass('md'), 'flex flex-col gap-3')}>
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-contrast">
          <AppIcon size={22} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id="install-prompt-title" className="font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted">{t`Your card, rewards and orders in one tap, even with a weak connection.`}</p>
        </div>
        {mode === 'ios' && <CloseButton label={t`Not now`} onClick={onDismiss} />}
      </div>
      {mode === 'ios' ? (
        <>
          <IosSteps shopName={shopName} />
          <Button variant="secondary" onClick={onDismiss}>
            {t`Got it`}
          </Button>
        </>
      ) : (
        <div className="flex gap-2">
          <Button onClick={onInstall} className="flex-1">
            {t`Install`}
          </Button>
          <Button variant="ghost" onClick={onDismiss}>
            {t`Not now`}
          </Button>
        </div>
      )}
    </section>
  );
}

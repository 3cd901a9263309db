import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { DeletionRequestBody, DeletionStatusData } from '#contract/privacy';
import { Button, Dialog, DialogClose, ErrorState, Money, Notice, Points, Skeleton, SkeletonGroup, TextField, cardClass, cx, focusRing } from '../../ui';

/**
 * What the customer types to confirm (the contract's DELETION_CONFIRMATION): typed from the request's
 * body, so it cannot drift from it, without bringing the contract's zod schemas into the app.
 */
const CONFIRMATION: DeletionRequestBody['confirm'] = 'DELETE';

export interface YourDataProps {
  /** Downloads the export (everything the shop holds on the customer) as a file. */
  onDownload?: () => void;
  downloading?: boolean;
  /** why the last download failed */
  downloadError?: string | null;
  /** the "Delete my account" dialog is open; left out, the dialog keeps its own state */
  deleteOpen?: boolean;
  onDeleteOpenChange?: (open: boolean) => void;
  /** what a deletion would leave behind (the cooling-off period, the points, the wallet); absent while it loads */
  status?: DeletionStatusData | null;
  /** why the status could not be read */
  statusError?: string | null;
  onRetryStatus?: () => void;
  /** Asks for the deletion: called once DELETE is typed and the button pressed. */
  onDelete?: () => void;
  deleting?: boolean;
  /** why the request failed */
  deleteError?: string | null;
  currency: string;
  locale: string;
}

/** What leaves with the account (docs/customer-data.md). */
const REMOVED = [
  msg`Your name, phone number, e-mail address and birthday`,
  msg`Your saved addresses`,
  msg`Your notifications`,
  msg`The phones and browsers you used the app on`,
  msg`Your member cards in Apple Wallet or Google Wallet (they stop working)`,
];

/** What deleting means, in plain words: when, what goes, what the shop keeps and what is lost. */
function DeletionFacts({ status, currency, locale }: { status: DeletionStatusData; currency: string; locale: string }) {
  const { t } = useLingui();
  const days = status.cooling_off_days;
  const when = plural(days, { one: '# day', other: '# days' });
  return (
    <div className="flex flex-col gap-4 text-sm text-ink">
      <p>
        <Trans>
          We delete your account <strong>{when}</strong> after you ask. Changed your mind? Sign in again before then and your account stays, with nothing lost.
        </Trans>
      </p>
      <section aria-labelledby="your-data-removed" className="flex flex-col gap-1">
        <h3 id="your-data-removed" className="font-semibold">
          {t`What we delete`}
        </h3>
        <ul className="list-disc pl-5">
          {REMOVED.map((line) => (
            <li key={line.id}>{t(line)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="your-data-kept" className="flex flex-col gap-1">
        <h3 id="your-data-kept" className="font-semibold">
          {t`What the shop keeps`}
        </h3>
        <p>{t`Your orders and payments, which the shop needs for its accounts. Your name is no longer on them.`}</p>
      </section>
      <p>
        {status.points > 0 ? (
          <Trans>
            You lose your <Points value={status.points} locale={locale} className="font-semibold" />, your unused vouchers and your stamp cards.
          </Trans>
        ) : (
          t`You lose your unused vouchers and your stamp cards.`
        )}
      </p>
      {status.wallet_balance > 0 && (
        <Notice
          tone="warning"
          title={
            <Trans>
              Your wallet still has <Money amount={status.wallet_balance} currency={currency} locale={locale} />
            </Trans>
          }
        >
          {t`It is not paid out when your account is deleted. Spend it first, or ask the shop about it.`}
        </Notice>
      )}
    </div>
  );
}

/** The facts, then "Type DELETE to confirm" and the button that asks, enabled once DELETE is typed. */
function ConfirmDeletion({ status, onDelete, deleting = false, deleteError, currency, locale }: YourDataProps & { status: DeletionStatusData }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const word = CONFIRMATION;
  const formId = `${useId()}-delete`;
  const ready = typed.trim() === CONFIRMATION;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready && !deleting) onDelete?.();
  }
  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={t`Delete my account`} className="flex flex-col gap-4">
      <DeletionFacts status={status} currency={currency} locale={locale} />
      <TextField
        label={t`Type ${word} to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
      />
      {deleteError && (
        <Notice tone="danger" title={t`We couldn't delete your account`}>
          {deleteError}
        </Notice>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="secondary" disabled={deleting}>
            {t`Keep my account`}
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={!ready} loading={deleting}>
          {t`Delete my account`}
        </Button>
      </div>
    </form>
  );
}

/** The dialog's content: the status loading, failed, or read. */
function DeleteDialogBody(props: YourDataProps) {
  const { t } = useLingui();
  const { status, statusError, onRetryStatus } = props;
  if (statusError) return <ErrorState className="py-4" title={t`We couldn't check your account`} message={statusError} onRetry={onRetryStatus} />;
  if (!status) {
    return (
      <SkeletonGroup label={t`Loading…`} className="flex flex-col gap-3">
        <Skeleton height="3rem" />
        <Skeleton height="7rem" />
        <Skeleton height="2.75rem" />
      </SkeletonGroup>
    );
  }
  return <ConfirmDeletion {...props} status={status} />;
}

/**
 * The profile's "Your data" (issue 45): a copy of everything the shop keeps about the customer, and
 * deleting the account, after a dialog that says plainly what that means and asks for DELETE typed.
 */
export function YourData(props: YourDataProps) {
  const { onDownload, downloading = false, downloadError, deleteOpen, onDeleteOpenChange } = props;
  const { t } = useLingui();
  const headingId = `${useId()}-your-data`;
  return (
    <section aria-labelledby={headingId} className={cx(cardClass(), 'flex flex-col gap-3')}>
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {t`Your data`}
        </h2>
        <p className="text-sm text-muted">{t`Get a copy of everything we keep about you, or delete your account.`}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onDownload} loading={downloading}>
          {t`Download my data`}
        </Button>
        <Dialog
          open={deleteOpen}
          onOpenChange={onDeleteOpenChange}
          title={t`Delete your account?`}
          trigger={
            <button
              type="button"
              className={cx(
                'inline-flex min-h-11 items-center justify-center rounded-xl border border-danger px-4 font-semibold text-danger hover:bg-danger/10',
                focusRing,
              )}
            >
              {t`Delete my account`}
            </button>
          }
        >
          <DeleteDialogBody {...props} />
        </Dialog>
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {downloading ? t`Getting your data ready…` : ''}
      </p>
      {downloadError && (
        <Notice tone="danger" title={t`We couldn't download your data`}>
          {downloadError}
        </Notice>
      )}
    </section>
  );
}

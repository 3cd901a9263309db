import { useState } from 'react';
import { plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { OFFER_CODE_BATCH_MAX, type ConsoleOffer, type OfferCodeBatch } from '#contract/offers';
import { Button, Notice, TextField } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { fieldProblem, type SaveProblem } from '../shared/editor-fields';
import { BatchList } from '../shared/batch-list';
import { useBatchForm } from '../shared/batch-form';
import type { WordsFormat } from './offer-words';

/** What the offer's page needs for its single-use codes. */
export interface SingleCodesProps {
  offer: ConsoleOffer;
  /** its batches, newest first (undefined while they load) */
  batches: OfferCodeBatch[] | undefined;
  /** why they could not be read */
  error: string | null;
  onRetry: () => void;
  /** owners make codes and download them; staff read how many are used */
  canEdit: boolean;
  /** a batch of `count` codes, each starting with `prefix`: null when made, else what the provider refused */
  onMake: (count: number, prefix: string) => Promise<SaveProblem | null>;
  /** the address of a batch's CSV download */
  csvHref: (batchId: number) => string;
  format: WordsFormat;
}

/** How many codes to make, and their prefix; the problems by field, read before anything is sent. */
function readBatch(count: string, prefix: string): { count: number; prefix: string } | SaveProblem {
  const n = Number(count.trim());
  const max = OFFER_CODE_BATCH_MAX.toLocaleString('en');
  if (!/^\d+$/.test(count.trim()) || n < 1 || n > OFFER_CODE_BATCH_MAX) return { message: '', fields: { count: say`must be a whole number from 1 to ${max}` } };
  const p = prefix.trim().toUpperCase();
  if (!/^[A-Z0-9]{0,8}$/.test(p)) return { message: '', fields: { prefix: say`must be up to 8 letters and digits` } };
  return { count: n, prefix: p };
}

/** "100 codes made. Download them below." */
function madeWords(made: number): string {
  const n = made.toLocaleString('en');
  return plural(made, { one: `${n} code made. Download it below.`, other: `${n} codes made. Download them below.` });
}

/** "100 codes", or "100 codes starting FLYER" (the prefix set apart). */
function BatchTitle({ batch, locale }: { batch: OfferCodeBatch; locale: string }) {
  const n = batch.count.toLocaleString(locale);
  const codes = plural(batch.count, { one: `${n} code`, other: `${n} codes` });
  if (!batch.prefix) return <>{codes}</>;
  const prefix = batch.prefix;
  return (
    <Trans>
      {codes} starting <span className="font-mono">{prefix}</span>
    </Trans>
  );
}

/** The form that makes a batch (owners). */
function MakeCodes({ onMake }: { onMake: SingleCodesProps['onMake'] }) {
  const { t } = useLingui();
  const [count, setCount] = useState('100');
  const max = OFFER_CODE_BATCH_MAX.toLocaleString('en');
  const [prefix, setPrefix] = useState('');
  const { busy, problem, made, submit } = useBatchForm(
    () => readBatch(count, prefix),
    (batch) => onMake(batch.count, batch.prefix),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-label={t`Make single-use codes`} noValidate>
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={t`How many codes`}
          inputMode="numeric"
          hint={t`Up to ${max} at a time.`}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={fieldProblem(problem, 'count', t`The number of codes`)}
        />
        <TextField
          label={t`Prefix (optional)`}
          hint={t`Up to 8 letters and digits at the start of each code, such as FLYER.`}
          maxLength={8}
          autoComplete="off"
          spellCheck={false}
          value={prefix}
          onChange={(e) => setPrefix(e.target.value.toUpperCase())}
          error={fieldProblem(problem, 'prefix', t`The prefix`)}
        />
      </div>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      {made !== null && <Notice tone="success">{madeWords(made)}</Notice>}
      <Button type="submit" loading={busy} className="self-start">
        {t`Make codes`}
      </Button>
    </form>
  );
}

/**
 * A single-use offer's codes, on its page: how many are made and used, the owner's form that makes a
 * batch, and each batch with its CSV download (the code, used or unused, when, the order).
 */
export function SingleCodes(props: SingleCodesProps) {
  const { offer, batches, error, canEdit } = props;
  const n = (v: number) => v.toLocaleString(props.format.locale);
  const { locale, timeZone } = props.format;
  const { t } = useLingui();
  const [used, total] = [n(offer.single_codes_used), n(offer.single_codes)];
  const details = (batch: OfferCodeBatch) => {
    const [made, usedCodes, unused] = [formatDateTime(batch.created_at, locale, timeZone), n(batch.used), n(batch.count - batch.used)];
    return t`Made ${made} · ${usedCodes} used, ${unused} unused`;
  };
  const list = (
    <BatchList
      batches={batches}
      error={error}
      onRetry={props.onRetry}
      words={{
        error: t`We could not load the codes`,
        empty: canEdit ? t`No codes yet. Make a batch above to hand them out.` : t`No codes yet.`,
        list: t`Batches of codes`,
      }}
      title={(batch) => <BatchTitle batch={batch} locale={locale} />}
      details={details}
      csvHref={canEdit ? props.csvHref : undefined}
    />
  );
  return (
    <section aria-labelledby="single-codes" className="flex flex-col gap-3">
      <h3 id="single-codes" className="text-lg font-semibold">
        {t`Single-use codes`}
      </h3>
      <p className="text-muted">{t`Each code works once: ${used} of ${total} used. A cancelled order gives its code back.`}</p>
      {canEdit && offer.status !== 'archived' && <MakeCodes onMake={props.onMake} />}
      {list}
    </section>
  );
}

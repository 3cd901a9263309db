import { useState } from 'react';
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
  if (!/^\d+$/.test(count.trim()) || n < 1 || n > OFFER_CODE_BATCH_MAX)
    return { message: '', fields: { count: `must be a whole number from 1 to ${OFFER_CODE_BATCH_MAX.toLocaleString('en')}` } };
  const p = prefix.trim().toUpperCase();
  if (!/^[A-Z0-9]{0,8}$/.test(p)) return { message: '', fields: { prefix: 'must be up to 8 letters and digits' } };
  return { count: n, prefix: p };
}

/** The form that makes a batch (owners). */
function MakeCodes({ onMake }: { onMake: SingleCodesProps['onMake'] }) {
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const { busy, problem, made, submit } = useBatchForm(
    () => readBatch(count, prefix),
    (batch) => onMake(batch.count, batch.prefix),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-label="Make single-use codes" noValidate>
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label="How many codes"
          inputMode="numeric"
          hint={`Up to ${OFFER_CODE_BATCH_MAX.toLocaleString('en')} at a time.`}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={fieldProblem(problem, 'count', 'The number of codes')}
        />
        <TextField
          label="Prefix (optional)"
          hint="Up to 8 letters and digits at the start of each code, such as FLYER."
          maxLength={8}
          autoComplete="off"
          spellCheck={false}
          value={prefix}
          onChange={(e) => setPrefix(e.target.value.toUpperCase())}
          error={fieldProblem(problem, 'prefix', 'The prefix')}
        />
      </div>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      {made !== null && <Notice tone="success">{`${made.toLocaleString('en')} codes made. Download them below.`}</Notice>}
      <Button type="submit" loading={busy} className="self-start">
        Make codes
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
  const list = (
    <BatchList
      batches={batches}
      error={error}
      onRetry={props.onRetry}
      words={{
        error: 'We could not load the codes',
        empty: `No codes yet.${canEdit ? ' Make a batch above to hand them out.' : ''}`,
        list: 'Batches of codes',
      }}
      title={(batch) => (
        <>
          {`${n(batch.count)} codes`}
          {batch.prefix && (
            <>
              {' starting '}
              <span className="font-mono">{batch.prefix}</span>
            </>
          )}
        </>
      )}
      details={(batch) => `Made ${formatDateTime(batch.created_at, locale, timeZone)} · ${n(batch.used)} used, ${n(batch.count - batch.used)} unused`}
      csvHref={canEdit ? props.csvHref : undefined}
    />
  );
  return (
    <section aria-labelledby="single-codes" className="flex flex-col gap-3">
      <h3 id="single-codes" className="text-lg font-semibold">
        Single-use codes
      </h3>
      <p className="text-muted">
        {`Each code works once: ${n(offer.single_codes_used)} of ${n(offer.single_codes)} used. A cancelled order gives its code back.`}
      </p>
      {canEdit && offer.status !== 'archived' && <MakeCodes onMake={props.onMake} />}
      {list}
    </section>
  );
}

import { useState } from 'react';
import { plural, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { GIFT_BATCH_LABEL_MAX, GIFT_BATCH_MAX } from '#contract/gift-card-rules';
import type { GiftCardBatch } from '#contract/gift-cards-physical';
import { Button, Card, Notice, TextField } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { fieldProblem, type SaveProblem } from '../shared/editor-fields';
import { BatchList } from '../shared/batch-list';
import { useBatchForm } from '../shared/batch-form';

export interface GiftCardBatchesProps {
  /** the batches, newest first (undefined while they load) */
  batches?: GiftCardBatch[] | undefined;
  /** why they could not be read */
  error?: string | null;
  onRetry: () => void;
  /** a batch of `count` printed cards under `label`: null when made, else what the provider refused */
  onCreate: (label: string, count: number) => Promise<SaveProblem | null>;
  /** the address of a batch's CSV download */
  csvHref: (batchId: number) => string;
  locale: string;
  timeZone?: string | undefined;
}

/** The batch as typed, or its problems by field, read before anything is sent. */
function readBatch(label: string, count: string): { label: string; count: number } | SaveProblem {
  const fields: Record<string, string> = {};
  if (!label.trim()) fields.label = say`is required: a name to know the batch by, such as December 2026`;
  const n = Number(count.trim());
  const max = GIFT_BATCH_MAX.toLocaleString('en');
  if (!/^\d+$/.test(count.trim()) || n < 1 || n > GIFT_BATCH_MAX) fields.count = say`must be a whole number from 1 to ${max}`;
  return Object.keys(fields).length ? { message: '', fields } : { label: label.trim(), count: n };
}

/** "100 card numbers made. Download them below for the printer." */
function madeWords(made: number): string {
  const n = made.toLocaleString('en');
  return plural(made, {
    one: `${n} card number made. Download it below for the printer.`,
    other: `${n} card numbers made. Download them below for the printer.`,
  });
}

function NewBatch({ onCreate }: Pick<GiftCardBatchesProps, 'onCreate'>) {
  const { t } = useLingui();
  const [label, setLabel] = useState('');
  const max = GIFT_BATCH_MAX.toLocaleString('en');
  const [count, setCount] = useState('100');
  const { busy, problem, made, submit } = useBatchForm(
    () => readBatch(label, count),
    (batch) => onCreate(batch.label, batch.count),
    () => setLabel(''),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-label={t`Make printed gift cards`} noValidate>
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={t`Name of the batch`}
          hint={t`To know it by, such as December 2026 or Front counter.`}
          maxLength={GIFT_BATCH_LABEL_MAX}
          autoComplete="off"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={fieldProblem(problem, 'label', t`The name`)}
        />
        <TextField
          label={t`How many cards`}
          inputMode="numeric"
          hint={t`Up to ${max} at a time.`}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={fieldProblem(problem, 'count', t`The number of cards`)}
        />
      </div>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      {made !== null && <Notice tone="success">{madeWords(made)}</Notice>}
      <Button type="submit" loading={busy} className="self-start">
        {t`Make card numbers`}
      </Button>
    </form>
  );
}

/**
 * The owner's printed gift cards, on the Gift cards page: the form that makes a batch of numbers, and each
 * batch with how many were sold and its CSV for the printer. A printed card is worth nothing until staff
 * sell and activate it at the counter.
 */
export function GiftCardBatches(props: GiftCardBatchesProps) {
  const { t } = useLingui();
  const n = (v: number) => v.toLocaleString(props.locale);
  const details = (batch: GiftCardBatch) => {
    const [made, sold, unsold] = [formatDateTime(batch.created_at, props.locale, props.timeZone), n(batch.activated), n(batch.count - batch.activated)];
    const cards = n(batch.count);
    return plural(batch.count, {
      one: `${cards} card · made ${made} · ${sold} sold, ${unsold} not sold yet`,
      other: `${cards} cards · made ${made} · ${sold} sold, ${unsold} not sold yet`,
    });
  };
  const list = (
    <BatchList
      batches={props.batches}
      error={props.error}
      onRetry={props.onRetry}
      words={{
        error: t`We could not load the printed cards`,
        empty: t`No printed cards yet. Make a batch above, then send the CSV to your printer.`,
        list: t`Batches of printed cards`,
      }}
      title={(batch) => batch.label}
      details={details}
      csvHref={props.csvHref}
    />
  );
  return (
    <Card as="section" aria-labelledby="gift-batches" className="flex flex-col gap-4">
      <h2 id="gift-batches" className="text-lg font-semibold">
        {t`Printed gift cards`}
      </h2>
      <p className="text-muted">
        {t`Each card gets its own number that nobody can guess. It has no value until staff sell it at the counter, where they activate it with the amount paid at the till.`}
      </p>
      <NewBatch onCreate={props.onCreate} />
      {list}
    </Card>
  );
}

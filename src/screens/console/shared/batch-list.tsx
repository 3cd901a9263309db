import { useId, type ReactNode } from 'react';
import { ErrorState, SkeletonText } from '../../../ui';
import { CsvLink } from './csv-link';

/** What a list of batches shows (an offer's single-use codes, printed gift card numbers). */
export interface BatchListProps<B extends { id: number }> {
  /** newest first (undefined while they load) */
  batches: readonly B[] | undefined;
  /** why they could not be read */
  error?: string | null | undefined;
  onRetry: () => void;
  /** the error's title, the words when there are none yet, and the list's name */
  words: { error: string; empty: ReactNode; list: string };
  /** a batch's name, and its line of counts below it */
  title: (batch: B) => ReactNode;
  details: (batch: B) => string;
  /** the address of a batch's CSV download; absent: none offered (staff) */
  csvHref?: ((batchId: number) => string) | undefined;
}

function BatchRow<B extends { id: number }>({ batch, props }: { batch: B; props: BatchListProps<B> }) {
  const id = useId();
  return (
    <li aria-labelledby={id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface p-3">
      <div className="min-w-0">
        <p id={id} className="font-semibold">
          {props.title(batch)}
        </p>
        <p className="text-sm text-muted">{props.details(batch)}</p>
      </div>
      {props.csvHref && <CsvLink href={props.csvHref(batch.id)} describedBy={id} />}
    </li>
  );
}

/** The batches, each with its counts and CSV download, or the list loading, failed to load, or empty. */
export function BatchList<B extends { id: number }>(props: BatchListProps<B>) {
  const { batches, error, words } = props;
  if (!batches && error) return <ErrorState title={words.error} message={error} onRetry={props.onRetry} />;
  if (!batches) return <SkeletonText lines={2} />;
  if (batches.length === 0) return <p className="text-muted">{words.empty}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={words.list}>
      {batches.map((b) => (
        <BatchRow key={b.id} batch={b} props={props} />
      ))}
    </ul>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../spinner/spinner';

export interface LoadingScreenProps {
  label?: string;
}

/** Full-page "Loading…" shown while a route's code or data loads. */
export function LoadingScreen({ label }: LoadingScreenProps) {
  const { t } = useLingui();
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-surface text-muted">
      <Spinner size={32} label={null} className="text-brand-ink" />
      <p>{label ?? t`Loading…`}</p>
    </div>
  );
}

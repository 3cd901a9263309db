import { Spinner } from '../spinner/spinner';

/** Shown until the site settings load or fail (SPEC §2): the text is exactly "Loading site settings...". */
export function SettingsLoading() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-surface text-muted">
      <Spinner size={32} label={null} />
      <p>Loading site settings...</p>
    </div>
  );
}

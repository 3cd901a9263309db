import { Trans } from '@lingui/react/macro';
import { cx, focusRing } from '../../../ui';

/** A batch's CSV download (an offer's codes, printed gift card numbers), named by what `describedBy` says it is. */
export function CsvLink({ href, describedBy }: { href: string; describedBy: string }) {
  return (
    <a
      href={href}
      download
      aria-describedby={describedBy}
      className={cx('inline-flex min-h-11 items-center rounded-xl border border-brand-ink px-4 font-medium text-brand-ink hover:bg-surface', focusRing)}
    >
      <Trans>Download CSV</Trans>
    </a>
  );
}

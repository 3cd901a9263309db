import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../button/button';

/**
 * The foot of a list read page by page: why the last page did not come (`error`), and the button that
 * asks for the next one while there is one (`more`). It keeps the list's width unless `className`
 * places it (`self-start`, `self-center`).
 */
export function LoadMore({
  more,
  onMore,
  loading = false,
  error,
  children,
  className,
}: {
  more: boolean;
  onMore?: () => void;
  loading?: boolean;
  error?: string | null;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {more && (
        <Button variant="secondary" fullWidth={!className} className={className} onClick={onMore} loading={loading}>
          {children ?? t`Load more`}
        </Button>
      )}
    </>
  );
}

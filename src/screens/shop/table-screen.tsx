import type { ReactNode } from 'react';
import { AppShell, Button, ErrorState, LoadingScreen, Notice, TopBar } from '../../ui';

export interface TableScreenProps {
  /** loading: the code is being read (then the menu opens); not_found: no such table; off: the shop takes no orders at tables now */
  state: 'loading' | 'not_found' | 'off' | 'error' | 'choose';
  /** choose (signed out): sign in or order as a guest (guest-choice.tsx) */
  choice?: ReactNode;
  /** off: the table and where it is */
  table?: { label: string; location: string };
  error?: string | null;
  onRetry?: () => void;
  /** off or not found: order for pickup instead */
  onPickup: () => void;
}

/**
 * /t/:code (issue 54): a table's QR code. Found, the container opens the menu at that table at once, so
 * this page shows only the wait, and what went wrong otherwise, with a way to order for pickup instead.
 */
export function TableScreen({ state, table, error, onRetry, onPickup, choice }: TableScreenProps) {
  const pickup = (
    <Button variant="secondary" onClick={onPickup}>
      Order for pickup instead
    </Button>
  );
  return (
    <AppShell header={<TopBar title="Order from your table" />}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        {state === 'loading' && <LoadingScreen label="Finding your table…" />}
        {state === 'choose' && choice}
        {state === 'not_found' && (
          <Notice tone="warning" title="We could not find this table" action={pickup}>
            Scan the code on your table again, or ask the staff for help.
          </Notice>
        )}
        {state === 'off' && (
          <Notice tone="info" title={table ? `Table ${table.label} at ${table.location}` : 'Ordering from the table'} action={pickup}>
            We are not taking orders at the table right now.
          </Notice>
        )}
        {state === 'error' && <ErrorState title="We could not read this table's code" message={error ?? undefined} {...(onRetry ? { onRetry } : {})} />}
      </div>
    </AppShell>
  );
}

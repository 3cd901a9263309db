import type { ReactNode } from 'react';
import { Button } from '../button/button';

/** A section's heading (h2, `id` for the section's aria-labelledby), with one action on its right: Edit, Change, All orders. */
export function SectionHeading({ id, children, action, onAction }: { id: string; children: ReactNode; action?: string | null; onAction?: () => void }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {children}
      </h2>
      {action && (
        <Button variant="ghost" size="sm" onClick={onAction}>
          {action}
        </Button>
      )}
    </div>
  );
}

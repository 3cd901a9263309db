import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Card } from '../../../ui';

/** The signed-out console pages: one card in the middle, the console's own neutral look. */
export function ConsoleAuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface px-4 py-10 text-ink">
      <Card as="section" className="w-full max-w-md p-6">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">
          <Trans>Merchant console</Trans>
        </p>
        <h1 className="mt-1 text-2xl font-semibold">{title}</h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
      </Card>
    </main>
  );
}

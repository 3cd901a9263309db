import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { AppShell, Button, HomeIcon } from '../../ui';

export interface NotFoundScreenProps {
  onGoHome?: () => void;
  nav?: ReactNode;
}

/** Any unknown route: a friendly dead end with a way home. */
export function NotFoundScreen({ onGoHome, nav }: NotFoundScreenProps) {
  return (
    <AppShell nav={nav}>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-2 py-16 text-center">
        <p aria-hidden="true" className="text-6xl font-bold text-brand-ink">
          404
        </p>
        <h1 className="text-2xl font-bold text-ink">
          <Trans>We can't find that page</Trans>
        </h1>
        <p className="text-muted">
          <Trans>The link may be old or mistyped. Let's get you back to somewhere familiar.</Trans>
        </p>
        <Button size="lg" icon={<HomeIcon size={20} />} onClick={onGoHome}>
          <Trans>Go home</Trans>
        </Button>
      </div>
    </AppShell>
  );
}

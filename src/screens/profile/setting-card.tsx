import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Notice, cardClass, cx } from '../../ui';

/** A profile setting's card (offers and reminders, receipts): its heading, what it holds, and why the last read or save failed. */
export function SettingCard({ id, title, error, children }: { id: string; title: string; error?: string | null | undefined; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby={id} className={cx(cardClass(), 'flex flex-col gap-2')}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      {error && (
        <Notice tone="danger" title={t`That didn't work`}>
          {error}
        </Notice>
      )}
    </section>
  );
}

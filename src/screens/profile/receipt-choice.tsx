import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import type { ReceiptChoice as Choice, ReceiptSettingsData } from '#contract/receipts';
import { Skeleton, SkeletonGroup, cx } from '../../ui';
import { SettingCard } from './setting-card';

/**
 * The profile's "Receipts": how a receipt reaches the customer when an order completes: by e-mail, by
 * text, both, or not at all. E-mail needs a verified address; text needs a phone number: an option that
 * cannot reach them says why and cannot be picked. Saved as soon as it is picked.
 */
export interface ReceiptChoiceProps {
  /** null while loading */
  settings: ReceiptSettingsData | null;
  /** not read, and it could not be (offline): says when it shows, no error */
  unavailable?: boolean;
  saving?: boolean;
  /** the reading or the saving failed */
  error?: string | null;
  onChange?: (choice: Choice) => void;
}

const OPTIONS: { value: Choice; title: MessageDescriptor; needs: ('email' | 'sms')[] }[] = [
  { value: 'email', title: msg`By e-mail`, needs: ['email'] },
  { value: 'sms', title: msg`By text message`, needs: ['sms'] },
  { value: 'both', title: msg`By e-mail and text`, needs: ['email', 'sms'] },
  { value: 'none', title: msg`No receipts`, needs: [] },
];

function hintOf(needs: ('email' | 'sms')[], s: ReceiptSettingsData): string | null {
  if (needs.includes('email') && !s.email) return t`Verify your e-mail address first (Change Email).`;
  if (needs.includes('sms') && !s.sms) return t`Add a phone number to your account first.`;
  return null;
}

function Options({ settings, saving, onChange }: { settings: ReceiptSettingsData; saving: boolean; onChange?: (choice: Choice) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2" disabled={saving}>
      <legend className="mb-1 text-sm text-muted">{t`When an order is completed, send me its receipt:`}</legend>
      {OPTIONS.map((o) => {
        const hint = hintOf(o.needs, settings);
        const checked = settings.receipts === o.value;
        return (
          <label
            key={o.value}
            className={cx(
              'flex min-h-12 cursor-pointer items-start gap-3 rounded-2xl border bg-surface-raised p-3 text-ink',
              'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
              checked ? 'border-brand-ink ring-1 ring-brand-ink' : 'border-border hover:bg-surface',
              hint && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name="receipt-choice"
              value={o.value}
              checked={checked}
              disabled={hint !== null}
              onChange={() => onChange?.(o.value)}
              className="mt-0.5 size-5 shrink-0 accent-brand outline-none"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold">{i18n._(o.title)}</span>
              {hint && <span className="text-sm text-muted">{hint}</span>}
            </span>
          </label>
        );
      })}
      {!settings.chosen && (
        <p className="text-sm text-muted">
          {settings.email ? t`You get receipts by e-mail until you choose otherwise.` : t`You get no receipts until you choose how, or verify your e-mail.`}
        </p>
      )}
    </fieldset>
  );
}

export function ReceiptChoice({ settings, unavailable = false, saving = false, error, onChange }: ReceiptChoiceProps) {
  const { t } = useLingui();
  let body: ReactNode = null;
  if (settings) body = <Options settings={settings} saving={saving} {...(onChange ? { onChange } : {})} />;
  else if (unavailable) body = <p className="text-muted">{t`How you get receipts shows when you're back online.`}</p>;
  else if (!error)
    body = (
      <SkeletonGroup label={t`Loading your receipt choice`}>
        <Skeleton height="8rem" />
      </SkeletonGroup>
    );
  return (
    <SettingCard id="receipt-choice-title" title={t`Receipts`} error={error}>
      {body}
    </SettingCard>
  );
}

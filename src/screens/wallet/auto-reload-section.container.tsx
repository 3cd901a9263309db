import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAutoReload, useConfirmCard, useRemoveCard, useStartCardSetup, useUpdateAutoReload } from '../../api/saved-card';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { useAction } from '../../shared/action';
import { useSite } from '../../app/settings';
import { usePaymentRedirect } from '../../app/use-payment-redirect';
import { AutoReloadSection } from './auto-reload-section';

/**
 * The wallet's saved card and auto-reload, a chunk of its own (the wallet loads it lazily). Saving a
 * card leaves for the payment gateway's page, which brings the customer back to the wallet with
 * `?card_setup=<id>` (and `&cancelled=1` when they gave up): the card is then confirmed with the
 * provider, which asks the gateway, and the query is taken off the address.
 */
export default function AutoReloadContainer() {
  const { settings } = useSite();
  const [params, setParams] = useSearchParams();
  const status = useAutoReload();
  const { leaving, leave } = usePaymentRedirect();
  const setup = useAction(useStartCardSetup());
  const confirm = useAction(useConfirmCard());
  const remove = useAction(useRemoveCard());
  const update = useAction(useUpdateAutoReload());
  const [notice, setNotice] = useState<string | null>(null);
  const setupId = params.get('card_setup');
  const cancelled = params.get('cancelled') === '1';
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!setupId || handled.current === setupId) return;
    handled.current = setupId;
    const done = (words: string | null) => {
      setNotice(words);
      setParams({}, { replace: true });
    };
    if (cancelled) return done(t`No card was saved.`);
    void confirm.run(setupId).then((outcome) => outcome?.ok && done(t`Card saved.`));
  }, [setupId, cancelled, confirm, setParams]);

  const failure = setup.error ?? confirm.error ?? remove.error ?? update.error;
  return (
    <AutoReloadSection
      data={status.data}
      loading={status.isLoading}
      error={status.error ? messageOf(status.error) : null}
      onRetry={() => void status.mutate()}
      confirming={confirm.pending}
      notice={notice}
      onSaveCard={() =>
        void setup.run().then((outcome) => {
          if (outcome?.ok) leave(outcome.value.setup_url);
        })
      }
      savingCard={setup.pending || leaving}
      onRemoveCard={() => void remove.run().then((outcome) => outcome?.ok && setNotice(t`Card removed. Auto-reload is off.`))}
      removing={remove.pending}
      onSave={(body) => void update.run(body).then((outcome) => outcome?.ok && setNotice(body.enabled ? t`Auto-reload is on.` : t`Auto-reload is off.`))}
      saving={update.pending}
      actionError={failure && Object.keys(fieldErrorsOf(failure)).length === 0 ? messageOf(failure) : null}
      fieldErrors={fieldErrorsOf(update.error)}
      currency={settings.currency}
      locale={settings.locale}
    />
  );
}

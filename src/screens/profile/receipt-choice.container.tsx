import type { ReceiptChoice as Choice } from '#contract/receipts';
import { useChooseReceipts, useReceiptSettings } from '../../api/receipts';
import { useAction } from '../../shared/action';
import { isNetworkFailure, messageOf } from '../../shared/errors';
import { ReceiptChoice } from './receipt-choice';

/** The profile's "Receipts": receipt/settings, saved by receipt/settings/update. */
export function ReceiptChoiceContainer() {
  const settings = useReceiptSettings();
  const choose = useChooseReceipts();
  const change = useAction((choice: Choice) => choose(choice));
  const unread = isNetworkFailure(settings.error);
  const failed = change.error ?? (unread ? undefined : settings.error);
  return (
    <ReceiptChoice
      settings={settings.data ?? null}
      unavailable={unread && !settings.data}
      saving={change.pending}
      error={failed ? messageOf(failed) : null}
      onChange={(choice) => void change.run(choice)}
    />
  );
}

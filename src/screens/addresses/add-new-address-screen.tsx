import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AppShell, TopBar } from '../../ui';
import { AddressForm, type AddressFormProps } from './address-form';

export interface AddNewAddressScreenProps extends Omit<AddressFormProps, 'heading' | 'onCancel'> {
  onBack?: () => void;
  nav?: ReactNode;
}

/** /add-new-address: a new delivery address during checkout; saving returns to /delivery. */
export function AddNewAddressScreen({ onBack, nav, submitLabel, ...form }: AddNewAddressScreenProps) {
  const { t } = useLingui();
  return (
    <AppShell header={<TopBar title={t`Add new address`} onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <p className="text-muted">
          <Trans>Where should we bring your order?</Trans>
        </p>
        <AddressForm {...form} submitLabel={submitLabel ?? t`Save and use this address`} />
      </div>
    </AppShell>
  );
}

import type { ReactNode } from 'react';
import { AppShell, TopBar } from '../../ui';
import { AddressForm, type AddressFormProps } from './address-form';

export interface AddNewAddressScreenProps extends Omit<AddressFormProps, 'heading' | 'onCancel'> {
  onBack?: () => void;
  nav?: ReactNode;
}

/** /add-new-address: a new delivery address during checkout; saving returns to /delivery. */
export function AddNewAddressScreen({ onBack, nav, submitLabel = 'Save and use this address', ...form }: AddNewAddressScreenProps) {
  return (
    <AppShell header={<TopBar title="Add new address" onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <p className="text-muted">Where should we bring your order?</p>
        <AddressForm {...form} submitLabel={submitLabel} />
      </div>
    </AppShell>
  );
}

import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Address, AddressInput } from '#contract';
import { AddressLines, AppShell, Badge, Button, Card, Dialog, ErrorState, LocationIcon, Skeleton, SkeletonGroup, TopBar, cardSurface, cx } from '../../ui';
import { AddressForm, type AddressDraft, type Coordinates } from './address-form';
import { newAddressStart } from './address-fill';

export interface AddAddressScreenProps {
  /** The customer's saved addresses. */
  addresses?: Address[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Saves the form: a new address when `id` is null, else an update of that address. */
  onSave?: (values: AddressInput, id: number | null) => void;
  onDelete?: (id: number) => void;
  onMakeDefault?: (id: number) => void;
  /** The address a delete or make-default is running for. */
  busyId?: number | null;
  /** The address being edited at first (coming back from /set-location); null: adding. */
  defaultEditingId?: number | null;
  /** The point chosen on /set-location, for the form. */
  location?: Coordinates | null;
  /** Goes to /set-location; receives the address being edited (null: the new one) to reopen it on return, and what was typed. */
  onSetLocation?: (editingId: number | null, typed: AddressDraft) => void;
  /** What the reopened form (defaultEditingId's) held when it went to /set-location: its fields start from it. */
  draft?: Partial<AddressInput> | null;
  /** the customer's own name and number: where a new address's form starts (under a draft) */
  own?: { name: string; phone: string | null };
  submitting?: boolean;
  fieldErrors?: Record<string, string>;
  formError?: string | null;
  onBack?: () => void;
  nav?: ReactNode;
}

function AddressCard({
  address,
  busy,
  waiting,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: Address;
  busy: boolean;
  /** another change on the page is under way: this card's buttons wait for it */
  waiting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault?: () => void;
}) {
  const { t } = useLingui();
  const label = address.label;
  return (
    <Card as="li" className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <LocationIcon size={20} className="mt-0.5 shrink-0 text-brand-ink" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{address.label}</h3>
            {address.is_default && (
              <Badge tone="success">
                <Trans>Default</Trans>
              </Badge>
            )}
          </div>
          <p className="text-sm text-ink">
            {address.recipient} · {address.phone}
          </p>
          <AddressLines address={address} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit} disabled={busy || waiting} aria-label={t`Edit ${label}`}>
          <Trans>Edit</Trans>
        </Button>
        {!address.is_default && (
          <Button size="sm" variant="ghost" onClick={onMakeDefault} loading={busy} disabled={waiting} aria-label={t`Make ${label} my default address`}>
            <Trans>Make default</Trans>
          </Button>
        )}
        <Button size="sm" variant="ghost" className="text-danger" onClick={onDelete} disabled={busy || waiting} aria-label={t`Delete ${label}`}>
          <Trans>Delete</Trans>
        </Button>
      </div>
    </Card>
  );
}

/** /profile/add-address: saved addresses (edit, delete, make default) and the form to add one. */
/**
 * Where the form starts: an address being edited (or what was typed for it before the map), else a new one
 * from the customer's own name and number under what was typed before the map.
 */
function formStart(editing: Address | null, draft: Partial<AddressInput> | null, defaultEditingId: number | null, own: AddAddressScreenProps['own']) {
  if (editing) return draft && editing.id === defaultEditingId ? draft : { ...editing, note: editing.note ?? undefined };
  return newAddressStart(own, defaultEditingId === null ? draft : null);
}

export function AddAddressScreen({
  addresses = [],
  loading = false,
  error,
  onRetry,
  onSave,
  onDelete,
  onMakeDefault,
  busyId = null,
  defaultEditingId = null,
  draft = null,
  own,
  location,
  onSetLocation,
  submitting,
  fieldErrors,
  formError,
  onBack,
  nav,
}: AddAddressScreenProps) {
  const { t } = useLingui();
  const [editingId, setEditingId] = useState<number | null>(defaultEditingId);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const editing = editingId === null ? null : (addresses.find((a) => a.id === editingId) ?? null);
  const editingLabel = editing?.label ?? null;
  const deletingLabel = deleting?.label ?? null;

  let list: ReactNode;
  if (error) {
    list = <ErrorState title={t`We couldn't load your addresses`} message={error} onRetry={onRetry} />;
  } else if (loading) {
    list = (
      <SkeletonGroup label={t`Loading your addresses`} className="flex flex-col gap-3">
        <Skeleton height="8rem" />
        <Skeleton height="8rem" />
      </SkeletonGroup>
    );
  } else if (addresses.length === 0) {
    list = (
      <p className="rounded-2xl border border-dashed border-border p-4 text-muted">
        <Trans>No saved addresses yet. Add one below and checkout gets quicker.</Trans>
      </p>
    );
  } else {
    list = (
      <ul className="flex flex-col gap-3">
        {addresses.map((a) => (
          <AddressCard
            key={a.id}
            address={a}
            busy={busyId === a.id}
            // one change at a time (the container starts no other): the rest is shown waiting, not
            // left to take a press that does nothing
            waiting={Boolean(submitting) || (busyId !== null && busyId !== a.id)}
            onEdit={() => setEditingId(a.id)}
            onDelete={() => setDeleting(a)}
            onMakeDefault={onMakeDefault ? () => onMakeDefault(a.id) : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <AppShell header={<TopBar title={t`My addresses`} onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <section aria-labelledby="saved-addresses" className="flex flex-col gap-3">
          <h2 id="saved-addresses" className="text-lg font-semibold text-ink">
            <Trans>Saved addresses</Trans>
          </h2>
          {list}
        </section>
        {!error && !loading && (
          <section className={cx(cardSurface, 'p-4 shadow-sm')}>
            <AddressForm
              // A new form for each address, so its fields start from that address.
              key={editing ? `edit-${editing.id}` : 'new'}
              heading={editingLabel !== null ? t`Edit ${editingLabel}` : t`Add an address`}
              initial={formStart(editing, draft, defaultEditingId, own)}
              location={location}
              onSetLocation={onSetLocation ? (typed) => onSetLocation(editing?.id ?? null, typed) : undefined}
              onSubmit={(values) => onSave?.(values, editing?.id ?? null)}
              onCancel={editing ? () => setEditingId(null) : undefined}
              submitting={submitting}
              waiting={busyId !== null}
              fieldErrors={fieldErrors}
              formError={formError}
              submitLabel={editing ? t`Save changes` : t`Add address`}
            />
          </section>
        )}
      </div>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deletingLabel !== null ? t`Delete ${deletingLabel}?` : t`Delete address?`}
        description={t`You can add it again at any time.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (deleting) onDelete?.(deleting.id);
                if (deleting?.id === editingId) setEditingId(null);
                setDeleting(null);
              }}
            >
              <Trans>Delete</Trans>
            </Button>
          </>
        }
      />
    </AppShell>
  );
}

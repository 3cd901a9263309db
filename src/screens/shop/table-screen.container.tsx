import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '#contract/routes';
import { ApiRequestError } from '../../api/client';
import { useTable } from '../../api/tables';
import { useCheckout } from '../../app/checkout';
import { useAuth } from '../../app/auth/auth-context';
import { useGuest } from '../../app/auth/guest';
import { messageOf } from '../../shared/errors';
import { TableScreen } from './table-screen';

/** Signed out: sign in or order as a guest (a chunk of its own, loaded only then). */
const GuestChoice = lazy(() => import('./guest-choice.container'));

/**
 * /t/:code: the table a QR code names. Found while the shop takes orders at tables, the checkout
 * remembers it ("Table 12 at BGC", ordered as dine-in at that place) and the menu opens.
 */
export default function TablePage() {
  const { code = null } = useParams();
  const table = useTable(code);
  const { update } = useCheckout();
  const navigate = useNavigate();
  const found = table.data;
  const open = found?.dine_in === true;
  const { isAuth } = useAuth();
  const guest = useGuest();
  // signed in, or a guest of this table's place: the menu opens; signed out, the choice first
  const known = isAuth || (guest !== null && guest.location_id === found?.location.id);
  useEffect(() => {
    if (!found || !open || !code || !known) return;
    update({
      fulfilment: 'dine_in',
      locationId: found.location.id,
      pickupAt: null,
      table: { code, label: found.table.label, locationId: found.location.id, locationName: found.location.name },
    });
    void navigate(paths.shop, { replace: true });
  }, [found, open, code, known, update, navigate]);
  const notFound = table.error instanceof ApiRequestError && table.error.code === 'NOT_FOUND';
  const state = found && open ? (known ? 'loading' : 'choose') : found ? 'off' : notFound ? 'not_found' : table.error ? 'error' : 'loading';
  return (
    <TableScreen
      state={state}
      {...(found ? { table: { label: found.table.label, location: found.location.name } } : {})}
      error={table.error && !notFound ? messageOf(table.error) : null}
      onRetry={() => void table.mutate()}
      choice={
        found &&
        code && (
          <Suspense fallback={null}>
            <GuestChoice code={code} table={{ label: found.table.label, location: found.location.name }} />
          </Suspense>
        )
      }
      onPickup={() => {
        update({ fulfilment: 'pickup', table: null });
        void navigate(paths.shop);
      }}
    />
  );
}

/**
 * The merchant console's customers (staff look up, owners adjust points). Every change says what it
 * changes, so the page that made it shows it at once (the audit log too).
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { CustomerDetailData, CustomerSummary } from '#contract/editors';
import { cached } from './cached';
import { apiPost, fetcher, type Key } from './client';
import { useMutation } from './mutation';

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

interface CustomerPage {
  items: CustomerSummary[];
  next_page: number | null;
}

/** Customers whose phone, name or e-mail holds `q` (every customer when empty), page by page. */
export function useCustomerSearch(q: string) {
  return useSWRInfinite<CustomerPage>(
    (index: number, previous: CustomerPage | null): Key | null => (previous && previous.next_page === null ? null : [cached.customers, { q, page: previous?.next_page ?? index + 1 }]),
    fetcher,
  );
}

export const useCustomerDetail = (id: number | null) => useSWR<CustomerDetailData>(id ? [cached.customerDetail, { id }] : null, fetcher);

/**
 * The owner's points adjustment. The idempotency key is made once per form submission (the caller
 * keeps it for a retry of the same adjustment), so a double click or a lost answer never adjusts twice.
 */
export const useAdjustPoints = () =>
  useMutation(
    (customerId: number, points: number, reason: string, key: string) =>
      apiPost<{ customer: CustomerSummary }>('merchant/customers/adjust-points', { customer_id: customerId, points, reason, idempotency_key: key }),
    { refreshes: [cached.customers, cached.customerDetail, cached.audit], wait: true },
  );

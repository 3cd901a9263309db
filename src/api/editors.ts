/**
 * The owner's editors in the merchant console (menu, rewards, the wheel) and customers (staff look up,
 * owners adjust points). Every change says what it changes, so the page that made it shows it at once
 * (the audit log too).
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { CustomerDetailData, CustomerSummary, EditorProduct, EditorReward, MenuData, ProductFields, RewardFields, WheelConfig, WheelEditorData, WheelVersion } from '#contract/editors';
import { cached } from './cached';
import { apiPost, fetcher, type Key } from './client';
import { useMutation } from './mutation';

// ---------------------------------------------------------------------------------------------
// The menu
// ---------------------------------------------------------------------------------------------

export const useMenuEditor = () => useSWR<MenuData>(cached.menuEditor, fetcher);

const menuChanged = { refreshes: [cached.menuEditor, cached.catalog, cached.audit], wait: true };
export const useCreateCategory = () => useMutation((name: string) => apiPost('merchant/menu/category/create', { name }), menuChanged);
export const useRenameCategory = () => useMutation((id: number, name: string) => apiPost('merchant/menu/category/rename', { id, name }), menuChanged);
export const useReorderCategories = () => useMutation((ids: number[]) => apiPost('merchant/menu/category/reorder', { ids }), { ...menuChanged, refreshesOnFailure: [cached.menuEditor] });
export const useDeleteCategory = () => useMutation((id: number) => apiPost('merchant/menu/category/delete', { id }), menuChanged);
export const useCreateProduct = () => useMutation((fields: ProductFields) => apiPost<{ product: EditorProduct }>('merchant/menu/product/create', fields), menuChanged);
export const useUpdateProduct = () => useMutation((id: number, fields: Partial<ProductFields>) => apiPost<{ product: EditorProduct }>('merchant/menu/product/update', { id, ...fields }), menuChanged);

// ---------------------------------------------------------------------------------------------
// The reward catalogue
// ---------------------------------------------------------------------------------------------

export const useRewardsEditor = () => useSWR<{ rewards: EditorReward[] }>(cached.rewardsEditor, fetcher);

const rewardsChanged = { refreshes: [cached.rewardsEditor, cached.rewards, cached.wheelEditor, cached.audit], wait: true };
export const useCreateReward = () => useMutation((fields: RewardFields) => apiPost<{ reward: EditorReward }>('merchant/rewards/create', fields), rewardsChanged);
export const useUpdateReward = () => useMutation((name: string, fields: Partial<RewardFields>) => apiPost<{ reward: EditorReward }>('merchant/rewards/update', { name, ...fields }), rewardsChanged);

// ---------------------------------------------------------------------------------------------
// The wheel
// ---------------------------------------------------------------------------------------------

export const useWheelEditor = () => useSWR<WheelEditorData>(cached.wheelEditor, fetcher, { revalidateOnFocus: false });

export const usePublishWheel = () =>
  useMutation((draft: WheelConfig) => apiPost<{ version: WheelVersion }>('merchant/wheel/publish', draft), { refreshes: [cached.wheelEditor, cached.wheel, cached.audit], wait: true });

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

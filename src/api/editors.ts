/**
 * The owner's editors in the merchant console (menu, rewards, the wheel) and the dashboard. Every
 * change says what it changes, so the page that made it shows it at once (the audit log too).
 */
import useSWR from 'swr';
import type { DashboardData, DashboardPeriod } from '#contract/dashboard';
import type { EditorProduct, EditorReward, MenuData, ProductFields, RewardFields, WheelConfig, WheelEditorData, WheelVersion } from '#contract/editors';
import { cached } from './cached';
import { apiPost, apiUrl, fetcher } from './client';
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
// The dashboard and the exports
// ---------------------------------------------------------------------------------------------

export const useDashboard = (period: DashboardPeriod) => useSWR<DashboardData>([cached.dashboard, { period }], fetcher, { refreshInterval: 60_000, keepPreviousData: true });

/** The address of a CSV export of the merchant's days `from`–`to` ('YYYY-MM-DD'): a plain download. */
export const exportUrl = (kind: 'orders' | 'ledger', from: string, to: string) => apiUrl(`merchant/export/${kind}.csv`, { from, to });

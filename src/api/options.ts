/**
 * The owner's option groups (sizes, milks, extras) in the merchant console. A change shows in the
 * options page, the menu editor (which groups each product has), the shop's menu and the audit log.
 */
import type { OptionGroupInput } from '#contract/options';
import { optionsApi } from '#contract/options.calls';
import { menuApi } from '#contract/menu.calls';
import { shopApi } from '#contract/shop.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useOptionGroups = () => useCall(optionsApi.groups);

const optionsChanged = () => ({ refreshes: [optionsApi.groups.path, menuApi.menu.path, shopApi.catalog.path, staffApi.audit.path], wait: true });
export const useSaveOptionGroup = () =>
  useMutation(
    (id: number | null, group: OptionGroupInput) => (id === null ? callApi(optionsApi.createGroup, group) : callApi(optionsApi.updateGroup, { id, ...group })),
    optionsChanged(),
  );
export const useDeleteOptionGroup = () => useMutation((id: number) => callApi(optionsApi.deleteGroup, { id }), optionsChanged());
export const useSetOptionAvailable = () =>
  useMutation((id: number, available: boolean) => callApi(optionsApi.setAvailability, { id, available }), optionsChanged());

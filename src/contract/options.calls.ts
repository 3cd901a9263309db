/**
 * The calls of the owner's product options editor (modifier groups), declared once (api.ts); their schemas
 * are in options.ts, their words in options.spec.ts.
 */
import { call, consoleCalls } from './api';
import type { OptionAvailabilityInput, OptionGroupData, OptionGroupInput, OptionGroupUpdateInput, OptionGroupsData } from './options';

/** console calls: the customer app's build drops them */
export const optionsApi = consoleCalls(() => ({
  groups: call.owner.get<OptionGroupsData>('merchant/menu/option-groups'),
  createGroup: call.owner.post<OptionGroupData, OptionGroupInput>('merchant/menu/option-group/create', { status: 201 }),
  updateGroup: call.owner.post<OptionGroupData, OptionGroupUpdateInput>('merchant/menu/option-group/update'),
  deleteGroup: call.owner.post<null, { id: number }>('merchant/menu/option-group/delete'),
  setAvailability: call.owner.post<OptionGroupData, OptionAvailabilityInput>('merchant/menu/option/availability'),
}));

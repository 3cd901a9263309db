/**
 * The calls of tips (issue 51), declared once (api.ts): the owner's tip settings, the tips report per
 * location and day and its CSV. Their schemas are in tips.ts, their words in tips.spec.ts. Customers read
 * the settings in settings/main-setting (`tips`) and give a tip with order/quote and order/create.
 */
import { call, consoleCalls } from './api';
import type { ExportQuery } from './dashboard';
import type { TipSettingsData, TipSettingsInput, TipsReportData, TipsReportQuery } from './tips';

/** console calls: the customer app's build drops them */
export const tipsApi = consoleCalls(() => ({
  settings: call.owner.get<TipSettingsData>('merchant/tips/settings'),
  update: call.owner.post<TipSettingsData, TipSettingsInput>('merchant/tips/settings/update'),
  report: call.owner.get<TipsReportData, TipsReportQuery>('merchant/tips/report'),
  exportTips: call.owner.get<void, ExportQuery>('merchant/export/tips.csv'),
}));

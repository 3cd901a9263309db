/**
 * The spec of the tips calls: their declarations (tips.calls.ts) joined to their schemas (tips.ts), error
 * codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its handlers from it
 * (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { TIP_PRESETS_MAX, tipSettingsAnswer, tipSettingsBody, tipsReportAnswer, tipsReportQuery } from './tips';
import { exportQuery } from './dashboard';
import { tipsApi } from './tips.calls';

export const tipsSpec = /* @__PURE__ */ describe('Merchant console', tipsApi, {
  settings: {
    summary: 'Tip settings',
    description:
      'Owners only. Whether checkout takes tips (off by default), its presets (whole percents of the subtotal after discounts, or fixed amounts), whether a custom amount is allowed, and the most a tip may be.',
    inContract: false,
    data: tipSettingsAnswer,
    answer: 'The tip settings.',
    message: 'Tip settings loaded.',
  },
  update: {
    summary: 'Change the tip settings',
    description: `Owners only. The whole of the settings: on or off, \`kind\` (percent or amount), up to ${TIP_PRESETS_MAX} ascending presets, \`custom\` and \`max\` (minor units). A percentage is at most 100; a fixed preset at most \`max\`. Audited (\`tips.settings\`).`,
    inContract: false,
    body: tipSettingsBody,
    data: tipSettingsAnswer,
    answer: 'The tip settings saved.',
    message: 'Tip settings saved.',
  },
  report: {
    summary: 'Tips per location and day',
    description:
      "Owners only. The tips of paid orders (not cancelled) paid on the shop's days `from` to `to` (both included, at most 366, in the shop's time zone), per day and location, newest day first, with their sum; with `location_id`, that location's only.",
    inContract: false,
    query: tipsReportQuery,
    data: tipsReportAnswer,
    answer: 'The tips.',
    message: 'Tips loaded.',
  },
  exportTips: {
    summary: 'Tips per location and day, as CSV',
    description:
      "Owners only. The report's rows as a CSV download: the day (the shop's time zone, named in the header), the location, the orders with a tip and their tips in the currency's major unit beside a currency column. Every text cell quoted, none a formula.",
    inContract: false,
    query: exportQuery,
    file: 'csv',
    answer: 'The tips.',
  },
});

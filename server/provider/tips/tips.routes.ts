import { tipsSpec } from '#contract/tips.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { csvDownload } from '../http/csv';
import { mount } from '../http/mount';
import { exportTips, saveTipSettings, tipSettings, tipsReport } from './tips.service';

/** Tips (issue 51): the owner's settings, the report per location and day, and its CSV download. */
export function tipsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, tipsSpec, {
    settings: () => tipSettings(ctx),
    update: (body, at) => saveTipSettings(ctx, at.staff(), body),
    report: (q) => tipsReport(ctx, q),
    exportTips: (q, at) => exportTips(ctx, csvDownload(at.res), q),
  });
}

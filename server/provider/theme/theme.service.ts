import { contrastMessage, themeContrastChecks } from '#contract/contrast';
import { THEME_FIELDS, type PreviewLinkData, type ThemeDraftData, type ThemeSettings, type ThemeVersionData, type ThemeVersionsData } from '#contract/theme';
import type { SiteSettings } from '#contract';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { newSecretToken } from '../auth/sessions';
import type { ProviderContext } from '../context';
import { notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { clearMerchantCache, getMerchant, whatIsOpen } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import {
  countVersions,
  getVersion,
  insertPreviewLink,
  insertVersion,
  listVersions,
  livePreviewLink,
  readDraft,
  readMerchantSettings,
  writeDraft,
  writeMerchantSettings,
} from './theme.repo';

/** Share-preview links open the draft for this long. */
export const PREVIEW_LINK_TTL_MS = DAY;
const VERSIONS_LISTED = 100;

/** What the app falls back to for a colour the merchant never set (src/ui/theme/theme.ts's defaults). */
const FALLBACK: ThemeSettings = {
  setting_company: '',
  post_title: '',
  post_file: '',
  landing_body_background_image: '',
  landing_body_background_color: '#f8f7f5',
  version: 'Full',
  brand_color: '#374151',
  accent_color: '#b45309',
};

/** The theme part of a merchant's settings (or of a stored draft or version). */
export function themeOf(settings: Record<string, unknown>): ThemeSettings {
  const out: Record<string, unknown> = { ...FALLBACK };
  for (const k of THEME_FIELDS) {
    const v = settings[k];
    if (typeof v === 'string') out[k] = v;
  }
  if (out.version !== 'Lite') out.version = 'Full';
  return out as ThemeSettings;
}

/** `settings` with the theme's fields replaced by `theme`'s (a text colour the theme leaves out is removed). */
export function withTheme<T extends Record<string, unknown>>(settings: T, theme: ThemeSettings): T {
  const out: Record<string, unknown> = { ...settings };
  for (const k of THEME_FIELDS) {
    if (theme[k] === undefined) delete out[k];
    else out[k] = theme[k];
  }
  return out as T;
}

async function liveSettings(db: Database, merchantId: string, lock = false): Promise<Record<string, unknown>> {
  const settings = await readMerchantSettings(db, merchantId, { lock });
  if (!settings) throw notFound('Merchant');
  return settings;
}

function draftData(theme: ThemeSettings, savedAt: Date | null, live: ThemeSettings): ThemeDraftData {
  return { theme, checks: themeContrastChecks(theme), saved_at: savedAt?.toISOString() ?? null, live: JSON.stringify(theme) === JSON.stringify(live) };
}

/** The draft kept on the server; with none saved, the live theme. */
export async function getDraft(ctx: ProviderContext): Promise<ThemeDraftData> {
  const live = themeOf(await liveSettings(ctx.db, ctx.merchantId));
  const draft = await readDraft(ctx.db, ctx.merchantId);
  return draft ? draftData(themeOf(draft.settings), draft.updated_at, live) : draftData(live, null, live);
}

/** Saves the whole draft (customers see nothing of it); audited with the draft before and after. */
export async function saveDraft(ctx: ProviderContext, actor: StaffOfRequest, theme: ThemeSettings): Promise<ThemeDraftData> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await readDraft(trx, ctx.merchantId);
    const previous = before ? themeOf(before.settings) : themeOf(await liveSettings(trx, ctx.merchantId));
    await writeDraft(trx, ctx.merchantId, theme, actor.id, now);
    await insertAudit(trx, { staffId: actor.id, action: 'theme.draft', target: 'theme:draft', before: previous, after: theme, now });
  });
  return getDraft(ctx);
}

function versionData(r: Awaited<ReturnType<typeof listVersions>>[number]): ThemeVersionData {
  return {
    id: r.id,
    theme: themeOf(r.settings),
    published_at: r.published_at.toISOString(),
    published_by: r.staff_id !== null && r.staff_name !== null && r.staff_email !== null ? { id: r.staff_id, name: r.staff_name, email: r.staff_email } : null,
    restored_from: r.restored_from,
  };
}

/**
 * Makes `theme` live as a new version. The first change also keeps the theme the shop had before as a
 * version (by nobody), so it can be restored. The provider's settings cache here is emptied at once;
 * other instances' caches and gateways' answer caches hold the old settings at most 5 s each.
 */
async function makeLive(
  trx: Database,
  ctx: ProviderContext,
  actor: StaffOfRequest,
  theme: ThemeSettings,
  o: { action: 'theme.publish' | 'theme.restore'; restoredFrom: number | null; now: Date },
): Promise<number> {
  const settings = await liveSettings(trx, ctx.merchantId, true);
  const before = themeOf(settings);
  if ((await countVersions(trx, ctx.merchantId)) === 0) {
    await insertVersion(trx, { merchantId: ctx.merchantId, settings: before, publishedBy: null, now: o.now, restoredFrom: null });
  }
  await writeMerchantSettings(trx, ctx.merchantId, withTheme(settings, theme));
  const id = await insertVersion(trx, { merchantId: ctx.merchantId, settings: theme, publishedBy: actor.id, now: o.now, restoredFrom: o.restoredFrom });
  await insertAudit(trx, { staffId: actor.id, action: o.action, target: `theme:version:${id}`, before, after: theme, now: o.now });
  return id;
}

async function versionById(ctx: ProviderContext, id: number): Promise<ThemeVersionData> {
  const row = await getVersion(ctx.db, ctx.merchantId, id);
  if (!row) throw notFound('That version');
  return versionData(row);
}

/**
 * Publishes the draft. Refused (400 VALIDATION, nothing changes) when body text fails WCAG AA on the
 * brand colour or on the Lite landing background colour: the field's message names the nearest colour
 * that passes.
 */
export async function publish(ctx: ProviderContext, actor: StaffOfRequest): Promise<ThemeVersionData> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const draft = await readDraft(trx, ctx.merchantId);
    const theme = draft ? themeOf(draft.settings) : themeOf(await liveSettings(trx, ctx.merchantId));
    const failing = themeContrastChecks(theme).filter((c) => !c.passes);
    if (failing.length > 0) {
      throw validation(
        Object.fromEntries(failing.map((c) => [c.field, contrastMessage(c)])),
        'This theme cannot be published: some text would be hard to read. Try the suggested colours.',
      );
    }
    return makeLive(trx, ctx, actor, theme, { action: 'theme.publish', restoredFrom: null, now });
  });
  clearMerchantCache();
  return versionById(ctx, id);
}

export async function versions(ctx: ProviderContext): Promise<ThemeVersionsData> {
  const rows = await listVersions(ctx.db, ctx.merchantId, VERSIONS_LISTED);
  const list = rows.map(versionData);
  return { versions: list, current_id: list[0]?.id ?? null };
}

/** Makes an earlier version live again, in one step (as a new version), and the draft with it. */
export async function restore(ctx: ProviderContext, actor: StaffOfRequest, versionId: number): Promise<ThemeVersionData> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await getVersion(trx, ctx.merchantId, versionId);
    if (!row) throw notFound('That version');
    const theme = themeOf(row.settings);
    await writeDraft(trx, ctx.merchantId, theme, actor.id, now);
    return makeLive(trx, ctx, actor, theme, { action: 'theme.restore', restoredFrom: versionId, now });
  });
  clearMerchantCache();
  return versionById(ctx, id);
}

/** A link that opens the customer app with the draft, read-only, for 24 h. */
export async function createPreviewLink(ctx: ProviderContext, actor: StaffOfRequest): Promise<PreviewLinkData> {
  const token = newSecretToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_TTL_MS);
  await ctx.db.transaction().execute(async (trx) => {
    const id = await insertPreviewLink(trx, { tokenHash: sha256Hex(token), merchantId: ctx.merchantId, createdBy: actor.id, now, expiresAt });
    await insertAudit(trx, {
      staffId: actor.id,
      action: 'theme.preview_link',
      target: `preview:${id}`,
      before: null,
      after: { expires_at: expiresAt.toISOString() },
      now,
    });
  });
  return { preview_token: token, expires_at: expiresAt.toISOString() };
}

/** The settings a customer would see with the draft published, for a live preview link; else 404. */
export async function previewSettings(ctx: ProviderContext, token: string): Promise<SiteSettings & { online_payments: boolean }> {
  if (!(await livePreviewLink(ctx.db, sha256Hex(token), ctx.merchantId, ctx.clock.now()))) throw notFound('This preview link');
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const draft = await readDraft(ctx.db, ctx.merchantId);
  const theme = themeOf(draft ? draft.settings : (merchant.settings as unknown as Record<string, unknown>));
  return { ...withTheme(merchant.settings as unknown as Record<string, unknown>, theme), ...(await whatIsOpen(ctx)) } as SiteSettings & {
    online_payments: boolean;
  };
}

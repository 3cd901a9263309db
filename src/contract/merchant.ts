/**
 * The merchant console's calls (paths under `merchant/`): staff accounts and roles, staff sessions,
 * invitations and the audit log. Requests and answers as zod schemas; the types are inferred from them,
 * so an answer's schema (read by the OpenAPI document and the tests) cannot drift from its type.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { ACTIVITY_KIND_NAMES, MACHINE_PERSON } from './activity';
import { day } from './dashboard';
import { email, id, linkToken, page } from './fields';
import { IMAGE_MAX_BYTES, IMAGE_PURPOSES, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from './staff-checks';

/** owner: everything (theme, staff, audit); staff: orders and the counter only */
export const staffRole = z.enum(['owner', 'staff']);
export type StaffRole = z.infer<typeof staffRole>;

// Passwords: at least 12 characters (a passphrase), at most 200 (a hash of megabytes is a denial of
// service); the console checks the same rule without zod (staff-checks.ts).
/** Not trimmed: a password is taken exactly as typed. */
export const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN, `must be at least ${STAFF_PASSWORD_MIN} characters`)
  .max(STAFF_PASSWORD_MAX, `must be at most ${STAFF_PASSWORD_MAX} characters`);
const staffName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

/** `merchant/auth/setup`: the first owner, from an owner set-up link. */
export const staffSetupBody = z.object({ token: linkToken, name: staffName, email, password: staffPassword });
/** `merchant/auth/accept-invite`: a new staff member, from an invitation link. */
export const staffAcceptInviteBody = staffSetupBody.extend({});
/** A password typed to prove who one is: its length is not checked (a wrong one is just wrong). */
const typedPassword = z.string().min(1, 'is required').max(STAFF_PASSWORD_MAX, `must be at most ${STAFF_PASSWORD_MAX} characters`);
/** `merchant/auth/login`. */
export const staffLoginBody = z.object({ email, password: typedPassword });
/**
 * `merchant/staff/invite`: the role the invited person gets; `email` pins the link to one address (and
 * the link is e-mailed to it where the shop sends e-mail). An owner invitation needs the caller's
 * password again: a session left open on a counter tablet must not be enough to make an owner.
 */
export const staffInviteBody = z
  .object({ role: staffRole, email: email.optional(), password: typedPassword.optional() })
  .refine((b) => b.role !== 'owner' || b.password !== undefined, { message: 'is required to invite an owner: type your password again', path: ['password'] });
/** `merchant/staff/invites/revoke`: a pending invitation. */
export const staffRevokeInviteBody = z.object({ id });
/** `merchant/auth/link`: what a one-time link is for, before its page asks for anything. */
export const staffLinkBody = z.object({ token: linkToken });
/** `merchant/auth/password`: a signed-in member's new password; the current one proves it is them. */
export const staffPasswordBody = z.object({ current_password: typedPassword, new_password: staffPassword });
/** `merchant/auth/forgot`: a reset link e-mailed to the address, if it is a team member's. */
export const staffForgotBody = z.object({ email });
/** `merchant/auth/reset`: a new password from a reset link. */
export const staffResetBody = z.object({ token: linkToken, password: staffPassword });
/** `merchant/staff/update`: a staff member's new role. */
export const staffUpdateBody = z.object({ id, role: staffRole });
/** `merchant/staff/remove` */
export const staffRemoveBody = z.object({ id });
/**
 * `merchant/audit`: newest first, 50 a page; `person` a staff member's id (what they did, and what was
 * done to their account: failed sign-ins) or `machine` (the merchant key's changes), `kind` one of
 * ACTIVITY_KINDS, `from` and `to` the merchant's days, both included.
 */
export const auditQuery = z.object({
  page,
  person: z.union([z.literal(MACHINE_PERSON), id], { error: `must be a staff member's id or ${MACHINE_PERSON}` }).optional(),
  kind: z.enum(ACTIVITY_KIND_NAMES as [string, ...string[]], { error: `must be one of ${ACTIVITY_KIND_NAMES.join(', ')}` }).optional(),
  from: day.optional(),
  to: day.optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const time = () => z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC' });

export const staffMemberAnswer = z
  .object({ id: z.number().int(), name: z.string(), email: z.string(), role: staffRole, created_at: time() })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberAnswer>;

/** What setup, login and accept-invite answer; the gateway moves `token` into the staff cookie. */
export const staffSessionAnswer = z.object({
  token: z.string().optional().meta({ description: 'the staff session token: a gateway keeps it in an HttpOnly cookie and removes it from the answer' }),
  staff: staffMemberAnswer,
});
export type StaffSessionData = z.infer<typeof staffSessionAnswer>;

export const staffMeAnswer = z.object({ staff: staffMemberAnswer });
/** `merchant/auth/session`: who is signed in, answered 200 whoever asks (null: nobody), and whether the shop has an owner yet. */
export const staffSessionStateAnswer = z.object({
  staff: staffMemberAnswer.nullable(),
  has_owner: z.boolean().meta({ description: 'false: nobody can sign in yet; the operator makes a set-up link' }),
});
export type StaffSessionState = z.infer<typeof staffSessionStateAnswer>;
export const staffListAnswer = z.object({ staff: z.array(staffMemberAnswer) });
export type StaffListData = z.infer<typeof staffListAnswer>;

/** An invitation: its secret goes into the link the owner shares (`/merchant/invite#<invite_token>`). */
export const staffInviteAnswer = z.object({
  id: z.number().int(),
  invite_token: z.string(),
  role: staffRole,
  email: z.string().nullable(),
  expires_at: time(),
  emailed: z.boolean().meta({ description: 'whether the link was e-mailed to `email`' }),
});
export type StaffInviteData = z.infer<typeof staffInviteAnswer>;

/** An invitation not yet used, revoked or expired, with who made it (never its secret). */
export const pendingInviteAnswer = z
  .object({
    id: z.number().int(),
    role: staffRole,
    email: z.string().nullable(),
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    created_at: time(),
    expires_at: time(),
  })
  .meta({ id: 'PendingInvite' });
export type PendingInvite = z.infer<typeof pendingInviteAnswer>;
export const pendingInvitesAnswer = z.object({ invites: z.array(pendingInviteAnswer) });
export type PendingInvitesData = z.infer<typeof pendingInvitesAnswer>;

/** What a one-time link is for: its page shows the shop, the role, who sent it, and the fixed address. */
export const staffLinkAnswer = z.object({
  kind: z.enum(['setup', 'invite', 'reset']),
  shop: z.string(),
  role: staffRole,
  email: z.string().nullable().meta({ description: 'the only address the link takes (an invitation pinned to one, or the reset account)' }),
  invited_by: z.string().nullable(),
  expires_at: time(),
});
export type StaffLinkData = z.infer<typeof staffLinkAnswer>;

export const auditEntryAnswer = z
  .object({
    id: z.number().int(),
    staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable().meta({ description: 'the staff member who acted (null: see `actor`)' }),
    actor: z.enum(['staff', 'machine', 'operator', 'visitor']).meta({ description: 'staff: `staff`; machine: the merchant key (x-merchant-key); operator: a set-up link; visitor: someone not signed in (a failed sign-in)' }),
    action: z.string().meta({ examples: ['staff.invite', 'staff.role', 'staff.remove', 'owner.setup'] }),
    target: z.string().nullable(),
    before: z.unknown().meta({ description: 'the thing before the change (null: it did not exist)' }),
    after: z.unknown().meta({ description: 'the thing after the change (null: it is gone)' }),
    created_at: time(),
  })
  .meta({ id: 'AuditEntry' });
export const auditListAnswer = z.object({
  items: z.array(auditEntryAnswer),
  next_page: z.number().int().nullable().meta({ description: 'the next page to ask for, or null on the last page' }),
});
export type AuditListData = z.infer<typeof auditListAnswer>;

// ---------------------------------------------------------------------------------------------
// The theme studio: a draft kept on the server, published versions, share-preview links
// ---------------------------------------------------------------------------------------------

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #9a4a1c')
  .transform((v) => v.toLowerCase());
/**
 * An image the app shows (favicon, logo, landing background): empty (none), a path on this site (an
 * uploaded image's `/media/…`, or the demo's files), or an https:// address. Never another scheme
 * (javascript:, data:, http:), never protocol-relative (`//host`).
 */
export const imageUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((v) => v === '' || /^\/(?![/\\])[^\s"'<>\\]*$/.test(v) || /^https:\/\/[^\s"'<>\\/]+(\/[^\s"'<>\\]*)?$/.test(v), 'must be an uploaded image (/media/…), a path on this site or an https:// address');

/** Every setting of the theme: what the app shell reads, and the colours its tokens derive from. Unknown fields are refused. */
const themeSettings = z.strictObject({
  setting_company: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  /** the favicon */
  post_title: imageUrl,
  /** the logo */
  post_file: imageUrl,
  landing_body_background_image: imageUrl,
  landing_body_background_color: colour,
  version: z.enum(['Lite', 'Full'], { error: 'must be Lite or Full' }),
  brand_color: colour,
  accent_color: colour,
  /** text on the brand colour (unset: black or white, whichever reads better): checked against it for WCAG AA */
  brand_text_color: colour.optional(),
  /** text on the landing background colour (unset: black or white, whichever reads better): checked against it (Lite) for WCAG AA */
  landing_text_color: colour.optional(),
});
export type ThemeSettings = z.infer<typeof themeSettings>;
/** The theme settings' names, for picking them out of the merchant's settings. */
export const THEME_FIELDS = Object.keys(themeSettings.shape) as (keyof ThemeSettings)[];

/** `merchant/theme/draft` (POST): the whole draft, saved as it is (it may fail the contrast checks; publishing may not). */
export const themeDraftBody = themeSettings;
/** `merchant/theme/restore`: an earlier published version. */
export const themeRestoreBody = z.object({ id });

const themeAnswer = z
  .object({
    setting_company: z.string(),
    post_title: z.string(),
    post_file: z.string(),
    landing_body_background_image: z.string(),
    landing_body_background_color: z.string(),
    version: z.string(),
    brand_color: z.string(),
    accent_color: z.string(),
    brand_text_color: z.string().optional(),
    landing_text_color: z.string().optional(),
  })
  .meta({ id: 'Theme' });
const contrastCheckAnswer = z.object({
  field: z.enum(['brand_color', 'landing_body_background_color']),
  text: z.string(),
  background: z.string(),
  ratio: z.number(),
  passes: z.boolean(),
  suggestion: z.string().nullable().meta({ description: 'the colour nearest to the background that passes with this text' }),
});
export const themeDraftAnswer = z.object({
  theme: themeAnswer,
  checks: z.array(contrastCheckAnswer).meta({ description: 'WCAG AA (4.5:1) for body text on the brand colour and, in Lite, on the landing background colour' }),
  saved_at: time().nullable().meta({ description: 'when the draft was last saved; null: no draft, this is the live theme' }),
  live: z.boolean().meta({ description: 'whether the draft is the live theme' }),
});
export type ThemeDraftData = z.infer<typeof themeDraftAnswer>;

const staffRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable();
export const themeVersionAnswer = z
  .object({
    id: z.number().int(),
    theme: themeAnswer,
    published_at: time(),
    published_by: staffRef.meta({ description: 'null: the theme the shop had before its first publish' }),
    restored_from: z.number().int().nullable(),
  })
  .meta({ id: 'ThemeVersion' });
export type ThemeVersionData = z.infer<typeof themeVersionAnswer>;
export const themeVersionOnlyAnswer = z.object({ version: themeVersionAnswer });
export const themeVersionsAnswer = z.object({ versions: z.array(themeVersionAnswer).meta({ description: 'newest first' }), current_id: z.number().int().nullable() });
export type ThemeVersionsData = z.infer<typeof themeVersionsAnswer>;
export const previewLinkAnswer = z.object({ preview_token: z.string().meta({ description: 'opens the app with the draft: /?preview=<preview_token>' }), expires_at: time() });
export type PreviewLinkData = z.infer<typeof previewLinkAnswer>;

// ---------------------------------------------------------------------------------------------
// Images (logo, favicon, landing background): uploaded from the studio, kept in the database
// ---------------------------------------------------------------------------------------------

/** An image's file in base64: at most 2 MB once decoded (base64 takes 4 characters for every 3 bytes). */
const IMAGE_MAX_BASE64 = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;

/**
 * `merchant/images`: a PNG, JPEG or WebP file of at most 2 MB, as base64 (calls are JSON). Its type is
 * read from its content, never from its name or the type the browser declared (both informational).
 */
export const imageUploadBody = z.object({
  file: z
    .string()
    .min(1, 'is required')
    .max(IMAGE_MAX_BASE64, 'must be at most 2 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the file in base64'),
  name: z.string().trim().max(255, 'must be at most 255 characters').optional(),
  type: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** where the app shows it: the stored image is no larger than that (IMAGE_PURPOSES); default the largest */
  purpose: z.enum(Object.keys(IMAGE_PURPOSES) as [string, ...string[]]).optional(),
});
/** `media/{file}`: an image by the SHA-256 of its bytes, with its format's extension. */
export const mediaParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'must be <sha256>.png, .jpg or .webp') });

export const imageAnswer = z.object({
  url: z.string().meta({ description: 'where the image is served, content-hashed and cached for a year: /api/media/<sha256>.<ext>' }),
  sha256: z.string(),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().meta({ description: 'bytes, after re-encoding' }),
});
export type ImageData = z.infer<typeof imageAnswer>;

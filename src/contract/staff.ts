/**
 * The merchant console's sign-in and team (paths `merchant/auth/…`, `merchant/me`, `merchant/staff…`)
 * and its activity log (`merchant/audit`): the schemas of the area's calls (staff.calls.ts declares
 * them; staff.spec.ts describes them). The types are inferred from the schemas, so an answer's schema (read by the
 * OpenAPI document and the tests) cannot drift from its type.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { ACTIVITY_KIND_NAMES, MACHINE_PERSON } from './activity';
import { int, nextPage, time } from './answer-fields';
import { day } from './dashboard';
import { email, id, linkToken, page } from './fields';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from './staff-checks';

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
/**
 * `merchant/staff/update`: a staff member's new role, or the locations they work at (empty: every location), or both.
 * Making someone an owner needs the caller's password again, as an owner invitation does.
 */
export const staffUpdateBody = z
  .object({
    id,
    role: staffRole.optional(),
    password: typedPassword.optional(),
    location_ids: z
      .array(id)
      .max(100, 'must be at most 100 locations')
      .transform((a) => [...new Set(a)])
      .optional(),
  })
  .refine((b) => b.role !== undefined || b.location_ids !== undefined, 'must name a role or locations to change')
  .refine((b) => b.role !== 'owner' || b.password !== undefined, { message: 'is required to make an owner: type your password again', path: ['password'] });
export type StaffUpdateInput = z.input<typeof staffUpdateBody>;
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

export type StaffSetupInput = z.input<typeof staffSetupBody>;
export type StaffLoginInput = z.input<typeof staffLoginBody>;
export type StaffInviteInput = z.input<typeof staffInviteBody>;
export type StaffPasswordInput = z.input<typeof staffPasswordBody>;
export type StaffResetInput = z.input<typeof staffResetBody>;
export type AuditQuery = z.input<typeof auditQuery>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const staffMemberAnswer = z
  .object({
    id: int(),
    name: z.string(),
    email: z.string(),
    role: staffRole,
    created_at: time(),
    location_ids: z
      .array(int())
      .meta({ description: 'the locations they work at: their board, counter and tickets are those; empty: every location (owners always every location)' }),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberAnswer>;

/** What setup, login and accept-invite answer; the gateway moves `token` into the staff cookie. */
export const staffSessionAnswer = z.object({
  token: z.string().optional().meta({ description: 'the staff session token: a gateway keeps it in an HttpOnly cookie and removes it from the answer' }),
  staff: staffMemberAnswer,
});
export type StaffSessionData = z.infer<typeof staffSessionAnswer>;

export const staffMeAnswer = z.object({ staff: staffMemberAnswer });
export type StaffMeData = z.infer<typeof staffMeAnswer>;
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
  id: int(),
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
    id: int(),
    role: staffRole,
    email: z.string().nullable(),
    created_by: z.object({ id: int(), name: z.string() }).nullable(),
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
    id: int(),
    staff: z.object({ id: int(), name: z.string(), email: z.string() }).nullable().meta({ description: 'the staff member who acted (null: see `actor`)' }),
    actor: z.enum(['staff', 'machine', 'operator', 'visitor']).meta({
      description: 'staff: `staff`; machine: the merchant key (x-merchant-key); operator: a set-up link; visitor: someone not signed in (a failed sign-in)',
    }),
    action: z.string().meta({ examples: ['staff.invite', 'staff.role', 'staff.remove', 'owner.setup'] }),
    target: z.string().nullable(),
    before: z.unknown().meta({ description: 'the thing before the change (null: it did not exist)' }),
    after: z.unknown().meta({ description: 'the thing after the change (null: it is gone)' }),
    created_at: time(),
  })
  .meta({ id: 'AuditEntry' });
export const auditListAnswer = z.object({
  items: z.array(auditEntryAnswer),
  next_page: nextPage(),
});
export type AuditListData = z.infer<typeof auditListAnswer>;

/** What changing one's password and signing out everywhere answer: how many sessions ended. */
export const endedAnswer = z.object({ ended: int() });
export type EndedData = z.infer<typeof endedAnswer>;

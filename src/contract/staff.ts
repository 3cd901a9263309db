/**
 * The merchant console's sign-in and team (paths `merchant/auth/…`, `merchant/me`, `merchant/staff…`)
 * and its activity log (`merchant/audit`): the schemas of the area's calls (staff.calls.ts declares
 * them) and its spec. The types are inferred from the schemas, so an answer's schema (read by the
 * OpenAPI document and the tests) cannot drift from its type.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { ACTIVITY_KIND_NAMES, MACHINE_PERSON } from './activity';
import { int, nextPage, time } from './answer-fields';
import { describe } from './api-spec';
import { day } from './dashboard';
import { email, id, linkToken, page } from './fields';
import { staffApi } from './staff.calls';
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
/** `merchant/staff/update`: a staff member's new role, or the locations they work at (empty: every location), or both. */
export const staffUpdateBody = z
  .object({ id, role: staffRole.optional(), location_ids: z.array(id).max(100, 'must be at most 100 locations').transform((a) => [...new Set(a)]).optional() })
  .refine((b) => b.role !== undefined || b.location_ids !== undefined, 'must name a role or locations to change');
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
    location_ids: z.array(int()).meta({ description: 'the locations they work at: their board, counter and tickets are those; empty: every location (owners always every location)' }),
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
  next_page: nextPage(),
});
export type AuditListData = z.infer<typeof auditListAnswer>;

/** What changing one's password and signing out everywhere answer: how many sessions ended. */
export const endedAnswer = z.object({ ended: int() });
export type EndedData = z.infer<typeof endedAnswer>;

export const staffSpec = /* @__PURE__ */ describe('Merchant console', staffApi, {
  setup: {
    summary: "Create the shop's owner from a one-time set-up link",
    description: 'The link (`npm run merchant -- owner-link`) is valid 24 h, once. Answers the staff session `token`, which a gateway keeps in its staff cookie.',
    inContract: false,
    body: staffSetupBody,
    data: staffSessionAnswer,
    answer: 'Signed in as the owner.',
    message: 'Welcome! Your owner account is ready and you are signed in.',
    errors: ['LINK_EXPIRED', 'EMAIL_TAKEN', 'RATE_LIMITED'],
  },
  acceptInvite: {
    summary: 'Join the team from an invitation link',
    description: 'The invitation is valid 24 h, once; one pinned to an address takes only that address.',
    inContract: false,
    body: staffAcceptInviteBody,
    data: staffSessionAnswer,
    answer: 'Signed in.',
    message: 'Welcome to the team! You are signed in.',
    errors: ['LINK_EXPIRED', 'EMAIL_TAKEN', 'RATE_LIMITED'],
  },
  link: {
    summary: 'What a one-time link is for',
    description:
      'Set-up, invitation or password reset: the shop, the role, who sent it and the only address it takes, for its page. A link that cannot be used (expired, used, revoked, its maker no longer an owner): 400 LINK_EXPIRED.',
    inContract: false,
    body: staffLinkBody,
    data: staffLinkAnswer,
    answer: 'The link.',
    message: 'What this link is for.',
    errors: ['LINK_EXPIRED'],
  },
  session: {
    summary: 'Who is signed in to the console, if anyone',
    description:
      'Answers 200 whoever asks (`staff: null` when nobody is signed in), so the console never shows a failed call in the browser for a signed-out visitor; `has_owner` says whether anyone can sign in yet.',
    inContract: false,
    data: staffSessionStateAnswer,
    answer: 'The session.',
    message: 'Who is signed in.',
  },
  forgot: {
    summary: 'E-mail a link to choose a new password',
    description: "The same answer whether the address is a team member's or not; the link works once, for an hour; at most 3 an hour per address, e-mailed after the answer. At most 10 requests an hour per client (an IPv6 /64 as one): 429 RATE_LIMITED with Retry-After. No e-mail service: 503 EMAIL_UNAVAILABLE.",
    inContract: false,
    body: staffForgotBody,
    answer: "Sent, if the address is a team member's.",
    message: 'If this address belongs to someone on the team, we have e-mailed them a link to choose a new password. It works for an hour.',
    errors: ['EMAIL_UNAVAILABLE'],
  },
  reset: {
    summary: 'Choose a new password from a reset link',
    description: 'Every session of the account ends.',
    inContract: false,
    body: staffResetBody,
    answer: 'The password is set.',
    message: 'Your new password is set. Sign in with it.',
    errors: ['LINK_EXPIRED', 'RATE_LIMITED'],
  },
  password: {
    summary: "Change the signed-in member's password",
    description: 'The current password first (a wrong one: 400 naming `current_password`, counted like a wrong sign-in); every other session of theirs ends.',
    inContract: false,
    body: staffPasswordBody,
    data: endedAnswer,
    answer: 'Changed: how many other sessions ended.',
    message: 'Your password is changed. Your other sessions have ended.',
    errors: ['RATE_LIMITED'],
  },
  login: {
    summary: 'Sign in to the merchant console',
    description:
      'A wrong address and a wrong password get the same answer in the same time (401 INVALID_CREDENTIALS). Limited per client address, and per address on one account with growing waits (429 RATE_LIMITED with `Retry-After`), never per account alone: a right password from an address without failures is not refused. The hashing pool full: 429 with a short `Retry-After`.',
    inContract: false,
    body: staffLoginBody,
    data: staffSessionAnswer,
    answer: 'Signed in.',
    message: 'You are signed in.',
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
  },
  logout: { summary: 'End this staff session', inContract: false, answer: 'Signed out.', message: 'You are signed out.' },
  logoutAll: {
    summary: "End every one of the caller's staff sessions",
    inContract: false,
    data: endedAnswer,
    answer: 'Signed out everywhere: how many sessions ended.',
    message: 'You are signed out everywhere.',
  },
  me: {
    summary: 'The signed-in staff member',
    description: 'Sessions end after 12 h without a call, and 7 days after they began.',
    inContract: false,
    data: staffMeAnswer,
    answer: 'The staff member.',
    message: 'Your account.',
  },
  team: { summary: 'The team', inContract: false, data: staffListAnswer, answer: 'Every team member.', message: 'Your team.' },
  invite: {
    summary: 'Make an invitation link for a new team member',
    description:
      "The link is `/merchant/invite#<invite_token>`, valid 24 h, once, and only while its maker is still an owner (an owner link) or on the team (a staff link): their removal, demotion or sign-out everywhere ends it. An owner invitation needs the caller's `password` again (wrong: 400 naming `password`). With `email`, the link is e-mailed there where the shop sends e-mail (`emailed`).",
    inContract: false,
    body: staffInviteBody,
    data: staffInviteAnswer,
    answer: 'The invitation.',
    // a link e-mailed says where to (staff.routes.ts)
    message: 'Invitation ready: share the link. It works once, for 24 hours.',
    errors: ['RATE_LIMITED'],
  },
  invites: {
    summary: 'Invitations not used yet',
    description: 'Newest first, with who made each; never their secret.',
    inContract: false,
    data: pendingInvitesAnswer,
    answer: 'The pending invitations.',
    message: 'Invitations not used yet.',
  },
  revokeInvite: {
    summary: 'Cancel a pending invitation',
    inContract: false,
    body: staffRevokeInviteBody,
    answer: 'Cancelled.',
    message: 'Invitation cancelled: its link no longer works.',
    errors: ['NOT_FOUND'],
  },
  update: {
    summary: "Change a team member's role, or the locations they work at",
    description:
      'A new role ends their sessions at once. The last owner cannot be made staff (409 CONFLICT). `location_ids` replaces the locations a staff member works at (empty: every location); each must be a location (400 VALIDATION); owners work at every location, so an owner (or a member made one) with locations is refused (400 VALIDATION on `location_ids`). Audited (`staff.role`, `staff.locations`).',
    inContract: false,
    body: staffUpdateBody,
    data: staffMeAnswer,
    answer: 'The team member as they are now.',
    message: 'Role changed. They will need to sign in again. | Locations saved.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  remove: {
    summary: 'Remove a team member',
    description: 'Their sessions end at once. The last owner cannot be removed (409 CONFLICT).',
    inContract: false,
    body: staffRemoveBody,
    answer: 'Removed.',
    message: 'Removed from the team. Their sessions have ended.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  audit: {
    summary: 'The audit log, newest first',
    description:
      'Every change made in the console or with the merchant key, sign-ins and failed ones, sign-outs, downloads and customer look-ups: who, when, what, before and after. 50 a page; filtered by `person`, `kind` and days (`from`, `to`).',
    inContract: false,
    query: auditQuery,
    data: auditListAnswer,
    answer: 'One page of entries.',
    message: 'The audit log.',
  },
});

/**
 * The spec of the staff calls: their declarations (staff.calls.ts) joined to their schemas
 * (staff.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  staffSetupBody,
  staffAcceptInviteBody,
  staffLoginBody,
  staffInviteBody,
  staffRevokeInviteBody,
  staffLinkBody,
  staffPasswordBody,
  staffForgotBody,
  staffResetBody,
  staffUpdateBody,
  staffRemoveBody,
  auditQuery,
  staffSessionAnswer,
  staffMeAnswer,
  staffSessionStateAnswer,
  staffListAnswer,
  staffInviteAnswer,
  pendingInvitesAnswer,
  staffLinkAnswer,
  auditListAnswer,
  endedAnswer,
} from './staff';
import { staffApi } from './staff.calls';

export const staffSpec = /* @__PURE__ */ describe('Merchant console', staffApi, {
  setup: {
    summary: "Create the shop's owner from a one-time set-up link",
    description:
      'The link (`npm run merchant -- owner-link`) is valid 24 h, once. Answers the staff session `token`, which a gateway keeps in its staff cookie.',
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
    description:
      "The same answer whether the address is a team member's or not; the link works once, for an hour; at most 3 an hour per address, e-mailed after the answer. At most 10 requests an hour per client (an IPv6 /64 as one): 429 RATE_LIMITED with Retry-After. No e-mail service: 503 EMAIL_UNAVAILABLE.",
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
      "A new role ends their sessions at once. Making someone an owner needs the caller's `password` again, as an owner invitation does (missing or wrong: 400 naming `password`, a wrong one counted like a wrong sign-in). The last owner cannot be made staff (409 CONFLICT). `location_ids` replaces the locations a staff member works at (empty: every location); each must be a location (400 VALIDATION); owners work at every location, so an owner (or a member made one) with locations is refused (400 VALIDATION on `location_ids`). Audited (`staff.role`, `staff.locations`).",
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

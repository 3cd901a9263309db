import type { Request, Response, Router } from 'express';
import {
  auditQuery,
  staffAcceptInviteBody,
  staffForgotBody,
  staffInviteBody,
  staffLinkBody,
  staffLoginBody,
  staffPasswordBody,
  staffRemoveBody,
  staffResetBody,
  staffRevokeInviteBody,
  staffSetupBody,
  staffUpdateBody,
} from '#contract/merchant';
import { clientKey } from '../auth/client-key';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { clientIp } from '../http/session';
import { requireStaff, staffOf, staffSessionOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { dummyPasswordHash } from './password';
import {
  acceptInvite,
  auditPage,
  changePassword,
  changeRole,
  forgotPassword,
  invite,
  linkInfo,
  listStaff,
  login,
  logout,
  logoutEverywhere,
  me,
  pendingInvites,
  removeStaff,
  resetPassword,
  revokePendingInvite,
  sessionState,
  setupOwner,
  type Caller,
} from './staff.service';

/**
 * Who is asking: the client's address (an IPv6 /64 as one key) and a signal that fires when the client
 * hangs up before its answer, so a password try still waiting for the hashing pool is dropped unhashed.
 */
function callerOf(req: Request, res: Response): Caller {
  const address = clientIp(req);
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return { clientKey: clientKey(address), address, signal: gone.signal };
}

/**
 * The merchant console's accounts: sign-in (the answers' `token` becomes the gateway's staff cookie),
 * one-time links, passwords, the team (owner only) and the audit log (owner only). Every call under `merchant/`.
 */
export function staffRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  // made now, so the first sign-in with an unknown address takes no longer than any other
  void dummyPasswordHash();

  r.post('/merchant/auth/setup', async (req, res) => {
    const body = parse(staffSetupBody, req.body);
    const data = await setupOwner(ctx, body, callerOf(req, res));
    send(res, 201, 'Welcome! Your owner account is ready and you are signed in.', data);
  });

  r.post('/merchant/auth/accept-invite', async (req, res) => {
    const body = parse(staffAcceptInviteBody, req.body);
    const data = await acceptInvite(ctx, body, callerOf(req, res));
    send(res, 201, 'Welcome to the team! You are signed in.', data);
  });

  r.post('/merchant/auth/link', async (req, res) => {
    const body = parse(staffLinkBody, req.body);
    send(res, 200, 'What this link is for.', await linkInfo(ctx, body.token));
  });

  r.post('/merchant/auth/login', async (req, res) => {
    const body = parse(staffLoginBody, req.body);
    const data = await login(ctx, body, callerOf(req, res));
    send(res, 200, 'You are signed in.', data);
  });

  r.post('/merchant/auth/forgot', async (req, res) => {
    const body = parse(staffForgotBody, req.body);
    await forgotPassword(ctx, body.email, callerOf(req, res));
    send(res, 200, 'If this address belongs to someone on the team, we have e-mailed them a link to choose a new password. It works for an hour.', null);
  });

  r.post('/merchant/auth/reset', async (req, res) => {
    const body = parse(staffResetBody, req.body);
    await resetPassword(ctx, body, callerOf(req, res));
    send(res, 200, 'Your new password is set. Sign in with it.', null);
  });

  // who is signed in, answered 200 whoever asks: the console's first look never shows an error in the browser's console
  r.get('/merchant/auth/session', async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    send(res, 200, 'Who is signed in.', await sessionState(ctx, await staffSessionOf(ctx, req)));
  });

  r.post('/merchant/auth/password', requireStaff(ctx), async (req, res) => {
    const body = parse(staffPasswordBody, req.body);
    const data = await changePassword(ctx, staffOf(res), body, callerOf(req, res));
    send(res, 200, 'Your password is changed. Your other sessions have ended.', data);
  });

  r.post('/merchant/auth/logout', requireStaff(ctx), async (_req, res) => {
    await logout(ctx, staffOf(res));
    send(res, 200, 'You are signed out.', null);
  });

  r.post('/merchant/auth/logout-all', requireStaff(ctx), async (_req, res) => {
    const data = await logoutEverywhere(ctx, staffOf(res));
    send(res, 200, 'You are signed out everywhere.', data);
  });

  r.get('/merchant/me', requireStaff(ctx), async (_req, res) => {
    send(res, 200, 'Your account.', { staff: await me(ctx, staffOf(res)) });
  });

  r.get('/merchant/staff', requireStaff(ctx, 'owner'), async (_req, res) => {
    send(res, 200, 'Your team.', { staff: await listStaff(ctx) });
  });

  r.post('/merchant/staff/invite', requireStaff(ctx, 'owner'), async (req, res) => {
    const body = parse(staffInviteBody, req.body);
    const data = await invite(ctx, staffOf(res), body, callerOf(req, res));
    send(res, 201, data.emailed ? `Invitation sent to ${data.email}. The link works once, for 24 hours.` : 'Invitation ready: share the link. It works once, for 24 hours.', data);
  });

  r.get('/merchant/staff/invites', requireStaff(ctx, 'owner'), async (_req, res) => {
    send(res, 200, 'Invitations not used yet.', { invites: await pendingInvites(ctx) });
  });

  r.post('/merchant/staff/invites/revoke', requireStaff(ctx, 'owner'), async (req, res) => {
    const body = parse(staffRevokeInviteBody, req.body);
    await revokePendingInvite(ctx, staffOf(res), body.id);
    send(res, 200, 'Invitation cancelled: its link no longer works.', null);
  });

  r.post('/merchant/staff/update', requireStaff(ctx, 'owner'), async (req, res) => {
    const body = parse(staffUpdateBody, req.body);
    const staff = await changeRole(ctx, staffOf(res), body);
    send(res, 200, 'Role changed. They will need to sign in again.', { staff });
  });

  r.post('/merchant/staff/remove', requireStaff(ctx, 'owner'), async (req, res) => {
    const body = parse(staffRemoveBody, req.body);
    await removeStaff(ctx, staffOf(res), body.id);
    send(res, 200, 'Removed from the team. Their sessions have ended.', null);
  });

  r.get('/merchant/audit', requireStaff(ctx, 'owner'), async (req, res) => {
    const query = parse(auditQuery, req.query);
    send(res, 200, 'The audit log.', await auditPage(ctx, query));
  });

  return r;
}

import type { Router } from 'express';
import { auditQuery, staffAcceptInviteBody, staffInviteBody, staffLoginBody, staffRemoveBody, staffSetupBody, staffUpdateBody } from '#contract/merchant';
import { clientKey } from '../auth/client-key';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { clientIp } from '../http/session';
import { requireStaff, staffOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { dummyPasswordHash } from './password';
import { acceptInvite, auditPage, changeRole, invite, listStaff, login, logout, logoutEverywhere, me, removeStaff, setupOwner } from './staff.service';

/**
 * The merchant console's accounts: sign-in (the answers' `token` becomes the gateway's staff cookie),
 * the team (owner only) and the audit log (owner only). Every call under `merchant/`.
 */
export function staffRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  // made now, so the first sign-in with an unknown address takes no longer than any other
  void dummyPasswordHash();

  r.post('/merchant/auth/setup', async (req, res) => {
    const body = parse(staffSetupBody, req.body);
    const data = await setupOwner(ctx, body);
    send(res, 201, 'Welcome! Your owner account is ready and you are signed in.', data);
  });

  r.post('/merchant/auth/accept-invite', async (req, res) => {
    const body = parse(staffAcceptInviteBody, req.body);
    const data = await acceptInvite(ctx, body);
    send(res, 201, 'Welcome to the team! You are signed in.', data);
  });

  r.post('/merchant/auth/login', async (req, res) => {
    const body = parse(staffLoginBody, req.body);
    const data = await login(ctx, { ...body, clientKey: clientKey(clientIp(req)) });
    send(res, 200, 'You are signed in.', data);
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
    const data = await invite(ctx, staffOf(res), body);
    send(res, 201, 'Invitation ready: share the link. It works once, for 24 hours.', data);
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
    send(res, 200, 'The audit log.', await auditPage(ctx, query.page ?? 1));
  });

  return r;
}

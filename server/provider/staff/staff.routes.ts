import type { Request, Response, Router } from 'express';
import { staffSpec } from '#contract/staff.spec';
import { clientKey } from '../http/client-key';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { staffSessionOf } from '../http/staff-session';
import { dummyPasswordHash } from './password';
import { auditPage } from './activity.service';
import type { Caller } from './caller';
import { acceptInvite, invite, linkInfo, pendingInvites, revokePendingInvite, setupOwner } from './links.service';
import { listStaff, removeStaff, updateStaff } from './members.service';
import { changePassword, forgotPassword, resetPassword } from './passwords.service';
import { login, logout, logoutEverywhere, me, sessionState } from './sessions.service';

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
  // made now, so the first sign-in with an unknown address takes no longer than any other
  void dummyPasswordHash();

  return mount(ctx, staffSpec, {
    setup: async (body, at) => setupOwner(ctx, body, callerOf(at.req, at.res)),
    acceptInvite: async (body, at) => acceptInvite(ctx, body, callerOf(at.req, at.res)),
    link: async (body) => linkInfo(ctx, body.token),
    // who is signed in, answered 200 whoever asks: the console's first look never shows an error in the browser's console
    session: async (_, at) => {
      at.res.setHeader('cache-control', 'no-store');
      return sessionState(ctx, await staffSessionOf(ctx, at.req));
    },
    forgot: async (body, at) => {
      await forgotPassword(ctx, body.email, callerOf(at.req, at.res));
      return null;
    },
    reset: async (body, at) => {
      await resetPassword(ctx, body, callerOf(at.req, at.res));
      return null;
    },
    password: async (body, at) => changePassword(ctx, at.staff(), body, callerOf(at.req, at.res)),
    login: async (body, at) => login(ctx, body, callerOf(at.req, at.res)),
    logout: async (_, at) => {
      await logout(ctx, at.staff());
      return null;
    },
    logoutAll: async (_, at) => logoutEverywhere(ctx, at.staff()),
    me: async (_, at) => ({ staff: await me(ctx, at.staff()) }),
    team: async () => ({ staff: await listStaff(ctx) }),
    invite: async (body, at) => {
      const data = await invite(ctx, at.staff(), body, callerOf(at.req, at.res));
      return data.emailed ? at.reply(data, `Invitation sent to ${data.email}. The link works once, for 24 hours.`) : data;
    },
    invites: async () => ({ invites: await pendingInvites(ctx) }),
    revokeInvite: async (body, at) => {
      await revokePendingInvite(ctx, at.staff(), body.id);
      return null;
    },
    update: async (body, at) => {
      const { staff, roleChanged } = await updateStaff(ctx, at.staff(), body, callerOf(at.req, at.res));
      // one of the two declared messages: only the locations changed, no one signs in again
      return at.reply({ staff }, roleChanged || body.location_ids === undefined ? 'Role changed. They will need to sign in again.' : 'Locations saved.');
    },
    remove: async (body, at) => {
      await removeStaff(ctx, at.staff(), body.id);
      return null;
    },
    audit: async (query) => auditPage(ctx, query),
  });
}

import { Router } from 'express';
import { notificationReadBody, pageQuery } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { validation } from '../http/errors';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { listNotifications, readNotifications } from './notifications.service';

const [readIdsBody, readAllBody] = notificationReadBody.options;

/**
 * The read body is `{ids}` or `{all: true}`. Parsing the matching branch alone names the bad field
 * (`ids.0`, `all`) where the union as a whole could only say "invalid input".
 */
function parseReadBody(input: unknown) {
  const b = (input ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw validation({ body: 'must be an object with ids or all' });
  if ('ids' in b) return parse(readIdsBody, b);
  if ('all' in b) return parse(readAllBody, b);
  throw validation({ ids: 'give ids, or all: true' });
}

export function notificationsRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/notification/list', requireCustomer(ctx), async (req, res) => {
    const q = parse(pageQuery, req.query);
    send(res, 200, 'Notifications loaded.', await listNotifications(ctx, customerOf(res), q.page ?? 1));
  });

  r.post('/notification/read', requireCustomer(ctx), async (req, res) => {
    const body = parseReadBody(req.body);
    send(res, 200, 'Notifications marked as read.', await readNotifications(ctx, customerOf(res), body));
  });

  return r;
}

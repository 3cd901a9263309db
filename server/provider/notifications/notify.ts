import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { NotificationType } from '#contract';
import type { PushKind } from '#contract/push';
import { enqueueDeliveries } from '../push/push.repo';
import { markSupersededRead, notificationsInsert, notificationValues } from './notifications.repo';

/**
 * Which kind of push a notice of this type is when its caller does not say (`push`): the kinds the
 * customer turns on and off (PUSH_KINDS). Only campaigns push by type; the others the issue names are
 * asked for where they are written (an order being prepared or ready, points credited, points expiring
 * soon; a reward within reach by its campaign), so a receipt, a refund or a points correction stays in
 * the app.
 */
const PUSH_BY_TYPE: Partial<Record<NotificationType, PushKind>> = { campaign: 'campaigns' };

/**
 * Adds a notification for a customer, in the caller's transaction so it exists exactly when its event
 * does, and queues it for the customer's browsers that receive pushes of its kind (push/: sent by the
 * `push` job after the commit; nothing when they have none). `push`: the kind to push it as, or null
 * for none (default: by its type, PUSH_BY_TYPE). Answers the notification's id.
 */
export async function notify(trx: Database, clock: Clock, customerId: number, n: Notice): Promise<number> {
  const [id] = await notifyAll(trx, clock, customerId, [n]);
  return id!;
}

export type Notice = {
  type: NotificationType;
  title: string;
  body: string;
  link?: string | null;
  push?: PushKind | null;
  /** a newer word on the same thing (an order's next status): the customer's earlier unread notices of this type and link count as read */
  supersedes?: boolean;
};

/** notify() for several notices of one event, in their order, written by one statement; answers their ids in that order. */
export async function notifyAll(trx: Database, clock: Clock, customerId: number, notices: Notice[]): Promise<number[]> {
  if (notices.length === 0) return [];
  const { insert, queue } = noticesInsert(trx, clock, customerId, notices);
  const ids = (await insert.execute()).map((r) => r.id).sort((x, y) => x - y);
  await queue(ids);
  return ids;
}

/**
 * notifyAll in two steps, for a caller that writes the notices in a statement with others: `insert`
 * (at least one notice; it returns their ids), then `queue` with the ids in the notices' order (the
 * pushes, when a notice has a kind; nothing to do, and no statement, when none has).
 */
export function noticesInsert(trx: Database, clock: Clock, customerId: number, notices: Notice[]) {
  const now = clock.now();
  const rows = notices.map((n) => ({ customerId, type: n.type, title: n.title, body: n.body, link: n.link ?? null, now }));
  return {
    // each built only when asked for: a caller writes the notices one way or the other
    get insert() {
      return notificationsInsert(trx, rows);
    },
    /** the rows' columns, for a statement that writes them its own way (rowsFrom) */
    get values() {
      return rows.map(notificationValues);
    },
    async queue(ids: number[]): Promise<void> {
      const superseded = notices.filter((n) => n.supersedes && n.link);
      if (superseded.length > 0)
        await markSupersededRead(
          trx,
          customerId,
          superseded.map((n) => ({ type: n.type, link: n.link! })),
          ids,
          now,
        );
      for (const [i, n] of notices.entries()) {
        const kind = n.push === undefined ? PUSH_BY_TYPE[n.type] : n.push;
        if (kind) await enqueueDeliveries(trx, { customerId, notificationId: ids[i]!, kind, now });
      }
    },
  };
}

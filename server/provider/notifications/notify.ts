import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { NotificationType } from '#contract';
import { insertNotification } from './notifications.repo';

/** Adds a notification for a customer, in the caller's transaction so it exists exactly when its event does. */
export async function notify(
  trx: Database,
  clock: Clock,
  customerId: number,
  n: { type: NotificationType; title: string; body: string; link?: string | null },
): Promise<void> {
  await insertNotification(trx, { customerId, type: n.type, title: n.title, body: n.body, link: n.link ?? null, now: clock.now() });
}

import { Router } from 'express';
import type { Logger } from 'pino';
import { signedGet, type ProviderCaller } from './boot-data';
import { sendGatewayError } from './envelope';
import { loopbackOnly } from './loopback-only';
import type { MapConfig } from '#contract/map';
import { settingsApi } from '#contract/settings.calls';

export interface GatewayRoutesOptions extends ProviderCaller {
  googleClientId: string | undefined;
  /** the address map's tiles and whether search is on (null: no map) */
  map?: MapConfig | null;
  logger: Logger;
  /** the development outbox; given only outside production */
  outbox?: ((phone: string) => Promise<unknown[]>) | undefined;
  healthTimeoutMs?: number;
}

/** `+63 917…` arrives as ` 63917…` (a query string's `+` is a space): back to E.164. */
export function normaliseOutboxPhone(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const digits = raw.replace(/[\s()-]/g, '').replace(/^\+/, '');
  return /^\d{6,15}$/.test(digits) ? `+${digits}` : null;
}

/** An e-mail address for the outbox's `?email=`, lowercased as the provider stores it. */
export function normaliseOutboxEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/** The gateway's own small endpoints: health, the app's run-time configuration, the dev outbox. */
export function gatewayRoutes(o: GatewayRoutesOptions): Router {
  const r = Router({ caseSensitive: true, strict: true });

  // up = this process answers and the provider answers a signed `GET health` quickly
  r.get('/healthz', async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    try {
      const answer = await signedGet(o, settingsApi.health.path, o.healthTimeoutMs ?? 2000);
      await answer.body?.cancel();
      if (answer.ok) return void res.json({ status: 'ok' });
      o.logger.warn({ status: answer.status }, 'health: the provider answered with an error');
    } catch (err) {
      o.logger.warn({ reason: (err as Error).name }, 'health: the provider could not be reached');
    }
    res.status(503).json({ status: 'unavailable' });
  });

  // read by the app at start: whether to show the Google button (the client id is public by design), the map's tiles
  r.get('/app-config.json', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.json({ google_client_id: o.googleClientId ?? null, map: o.map ?? null });
  });

  // the outbox shows anyone's one-time code: only to a client on this machine, with no proxy between
  r.use('/__dev', loopbackOnly());
  const outbox = o.outbox;
  if (outbox) {
    r.get('/__dev/outbox', async (req, res) => {
      res.setHeader('cache-control', 'no-store');
      // text messages by phone, e-mails (verification codes) by address
      if (req.query.email !== undefined) {
        const email = normaliseOutboxEmail(req.query.email);
        if (!email)
          return sendGatewayError(res, 'VALIDATION', 'Give an e-mail address: /__dev/outbox?email=ana@example.com', { email: 'must be an e-mail address' });
        res.json({ items: await outbox(email) });
        return;
      }
      const phone = normaliseOutboxPhone(req.query.phone);
      if (!phone)
        return sendGatewayError(res, 'VALIDATION', 'Give a phone number or an e-mail address: /__dev/outbox?phone=+639171234567 or ?email=ana@example.com', {
          phone: 'must be a phone number in E.164',
        });
      res.json({ items: await outbox(phone) });
    });
  }

  return r;
}

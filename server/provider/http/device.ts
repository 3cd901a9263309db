import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import type { SightingKind } from '#contract/referrals';
import type { Database } from '../../db';
import { clientKey } from './client-key';
import { clientIp } from './session';

/**
 * The browser's device id, as the gateway forwards it: its long-lived device cookie, in a header the
 * gateway sets itself (dropping any copy the browser sent) and covers with its call signature
 * (server/lib/signature.ts), so no client can choose it. 16 random bytes, base64url.
 */
export const DEVICE_HEADER = 'x-device-id';
export const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** Something a customer was seen with, as stored: its kind and a hash keyed by the provider's secret and the kind. */
export interface Sighting {
  kind: SightingKind;
  hash: string;
}

/** A value's stored hash: keyed by the provider's secret, and by its kind, so values of two kinds never meet. */
export function sightingHash(secret: string, kind: SightingKind, value: string): string {
  return createHmac('sha256', secret).update(`${kind}\n${value}`).digest('hex');
}

/** The device of a call, hashed with the provider's secret (what is stored), or null when it has none. */
export function deviceHashOf(secret: string, req: Request): string | null {
  const id = req.get(DEVICE_HEADER) ?? '';
  if (!DEVICE_ID.test(id)) return null;
  return sightingHash(secret, 'device', id);
}

/** Whether the gateway saw no client address of its own: the machine itself (a shop run on one computer, tests), or none. */
function noClientAddress(ip: string): boolean {
  try {
    const range = ipaddr.process(ip.replace(/^\[|\]$/g, '')).range();
    return range === 'loopback' || range === 'unspecified';
  } catch {
    return true;
  }
}

/**
 * What a call shows of the client, for the referrals' fraud checks: its device cookie (when it has one),
 * its address as the per-address limits count it (an IPv4 address, an IPv6 /64: http/client-key.ts, as
 * the gateway forwards it) and its user agent together with that address (a browser's user agent alone
 * is shared by millions; from one address it is one household's phone, or one person's). A loopback
 * address (the gateway and the browser on one machine) or none is no address: it would make everyone one.
 */
export function sightingsOf(secret: string, req: Request): Sighting[] {
  const out: Sighting[] = [];
  const device = deviceHashOf(secret, req);
  if (device) out.push({ kind: 'device', hash: device });
  const ip = clientIp(req);
  if (!noClientAddress(ip)) {
    const address = clientKey(ip);
    out.push({ kind: 'address', hash: sightingHash(secret, 'address', address) });
    const agent = req.get('user-agent')?.trim();
    if (agent) out.push({ kind: 'agent', hash: sightingHash(secret, 'agent', `${address}\n${agent.slice(0, 512)}`) });
  }
  return out;
}

/**
 * What a customer was seen with (migration 0026, `kind` 0032): keyed hashes of the device cookie the
 * gateway gives every browser and signs into each call, of the client address, of the user agent with
 * that address (http/device.ts sightingsOf), recorded at sign-in, sign-up and order creation, and of a
 * push endpoint, recorded when the customer subscribes. Referrals read them: a friend seen with what the
 * referrer was seen with is held for review. Here, in http (the lowest area, beside what reads them off
 * the call), so sign-in (auth), orders and push record them without knowing referrals.
 */
export async function recordDevice(db: Database, customerId: number, sightings: readonly Sighting[], now: Date): Promise<void> {
  const write = deviceWrite(db, customerId, sightings, now);
  if (write) await write.execute();
}

/** recordDevice's statement, for a caller that runs it inside one of its own (null: nothing to record). */
export function deviceWrite(db: Database, customerId: number, sightings: readonly Sighting[], now: Date) {
  if (sightings.length === 0) return null;
  return db
    .insertInto('customer_devices')
    .values(sightings.map((s) => ({ customer_id: customerId, device_hash: s.hash, kind: s.kind, first_seen_at: now, last_seen_at: now })))
    .onConflict((oc) => oc.columns(['customer_id', 'device_hash']).doUpdateSet({ last_seen_at: now }));
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CODE_STEP_SECONDS, SHORT_CODE_LENGTH } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { deleteShortCodesBefore, findShortCodes, insertShortCodes, passRevocations, readOrMakeSecret, type ShortCodeKind } from './vouchers.repo';

/**
 * Rotating codes: vouchers' and (issue 29) members' cards, one scheme. Time is cut into 30-second steps;
 * for each step a voucher or a member has a QR code (`LV1.<merchant>.<voucher>.<step>.<signature>`,
 * `LM1.<merchant>.<customer>.<step>.<signature>`, the signature an HMAC-SHA256 with the shop's own
 * secret, 80 bits of it) and a short code to type (8 characters of Crockford base32, 40 bits of another
 * HMAC). Each kind signs in its own domain (its prefix in the QR code, its own label in the short code),
 * so a voucher's code never passes for a member's with the same number. A code is accepted in its own
 * step and the one before (and the next, for two instances' clocks), so a photo of one is refused about
 * a minute later. The secret is 32 random bytes kept in the database: every instance signs and checks
 * with the same one, and it never leaves the provider.
 * Short codes cannot be checked without knowing what they name, so the ones handed out are kept (short
 * code, step → voucher or customer, a table for each kind) for the counter to look up; the hourly job
 * forgets old ones.
 */

const SECRET_NAME = 'voucher-codes';
/** Crockford's base32: no I, L, O or U, read aloud and typed without mistakes */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAC_CHARS = 16; // 80 bits
/** steps a code is accepted after its own (and before: the next step's code is handed out early) */
const STEPS_BACK = 1;
const STEPS_AHEAD = 1;

/** What differs between the kinds of rotating code: the words and the domain they sign in. */
interface CodeKind {
  shortCodes: ShortCodeKind;
  prefix: string;
  /** put before what is signed; vouchers' is empty (their codes predate members': those handed out stay good) */
  domain: string;
  otherMerchant: string;
  /** whether a 16-character typed code is the thing's fixed reference code (vouchers have one) */
  hasReferenceCode: boolean;
}

const VOUCHER: CodeKind = {
  shortCodes: 'voucher',
  prefix: 'LV1',
  domain: '',
  otherMerchant: 'This voucher is from another shop. It can only be used where it was issued.',
  hasReferenceCode: true,
};
const MEMBER: CodeKind = {
  shortCodes: 'member',
  prefix: 'LM1',
  domain: 'member|',
  otherMerchant: 'This member card is from another shop. Points can only be given where the customer is a member.',
  hasReferenceCode: false,
};

const secrets = new WeakMap<object, Buffer>();

/**
 * The shop's signing secret: made once (the first instance to ask makes it; the others read it), kept
 * per provider database; `db`: a transaction's, when the code is checked inside one.
 */
async function secretOf(ctx: ProviderContext, db: Database = ctx.db): Promise<Buffer> {
  const hit = secrets.get(ctx.db);
  if (hit) return hit;
  const secret = Buffer.from(await readOrMakeSecret(db, SECRET_NAME, randomBytes(32)));
  secrets.set(ctx.db, secret);
  return secret;
}

function base32(bytes: Buffer, chars: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= chars) break;
  }
  return out;
}

const mac = (secret: Buffer, text: string, chars: number) => base32(createHmac('sha256', secret).update(text).digest(), chars);

export const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / CODE_STEP_SECONDS);

function qrCode(kind: CodeKind, secret: Buffer, merchantId: string, id: number, step: number): string {
  const body = `${kind.prefix}.${merchantId}.${id}.${step}`;
  return `${body}.${mac(secret, `${kind.domain}qr|${body}`, MAC_CHARS)}`;
}

const shortCode = (kind: CodeKind, secret: Buffer, id: number, step: number) => mac(secret, `${kind.domain}short|${id}|${step}`, SHORT_CODE_LENGTH);

export interface RotatingCodes {
  current: { qr: string; short_code: string };
  next: { qr: string; short_code: string };
  seconds_left: number;
}

/** Codes for this step and the next, kept so a typed short code finds what they name. */
async function rotatingCodes(ctx: ProviderContext, kind: CodeKind, id: number): Promise<RotatingCodes> {
  const secret = await secretOf(ctx);
  const now = ctx.clock.now();
  const step = stepAt(now);
  const current = { qr: qrCode(kind, secret, ctx.merchantId, id, step), short_code: shortCode(kind, secret, id, step) };
  const next = { qr: qrCode(kind, secret, ctx.merchantId, id, step + 1), short_code: shortCode(kind, secret, id, step + 1) };
  await insertShortCodes(ctx.db, kind.shortCodes, [
    { short_code: current.short_code, step, subject_id: id },
    { short_code: next.short_code, step: step + 1, subject_id: id },
  ]);
  const seconds_left = Math.max(1, Math.ceil(((step + 1) * CODE_STEP_SECONDS * 1000 - now.getTime()) / 1000));
  return { current, next, seconds_left };
}

/** A voucher's codes for this step and the next. */
export const codesFor = (ctx: ProviderContext, voucherId: number) => rotatingCodes(ctx, VOUCHER, voucherId);
/** A member's card's codes (the customer's) for this step and the next. */
export const memberCodesFor = (ctx: ProviderContext, customerId: number) => rotatingCodes(ctx, MEMBER, customerId);

const refused = (code: 'CODE_STALE' | 'CODE_UNKNOWN' | 'OTHER_MERCHANT' | 'REFERENCE_CODE', message: string) => new AppError(code, message);

export const staleCode = () => refused('CODE_STALE', 'This code has changed. Ask the customer to show it again: it changes every 30 seconds.');
const unknownCode = () =>
  refused('CODE_UNKNOWN', 'We don’t recognise this code. Scan the QR code in the customer’s app again, or type the 8 characters under it.');

/** Typed by hand: any case, spaces and dashes, O for 0 and I or L for 1, as Crockford allows. */
export function normaliseTyped(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/**
 * What a scanned QR code or a typed short code names, if it is fresh; else the refusal: CODE_STALE (a
 * real code whose time is over), OTHER_MERCHANT, REFERENCE_CODE (a voucher's fixed code) or CODE_UNKNOWN
 * (anything else: a forged signature, a made-up code, another kind's code).
 */
async function subjectOfCode(ctx: ProviderContext, kind: CodeKind, input: string, db: Database = ctx.db): Promise<number> {
  const text = input.trim();
  const step = stepAt(ctx.clock.now());
  if (text.startsWith(`${kind.prefix}.`)) {
    const parts = text.split('.');
    if (parts.length < 5) throw unknownCode();
    // prefix . merchant (may hold dots) . id . step . signature
    const [stepText, idText] = [parts.at(-2)!, parts.at(-3)!];
    const merchant = parts.slice(1, -3).join('.');
    if (!/^\d{1,10}$/.test(idText) || !/^\d{1,12}$/.test(stepText)) throw unknownCode();
    if (merchant !== ctx.merchantId) throw refused('OTHER_MERCHANT', kind.otherMerchant);
    const secret = await secretOf(ctx, db);
    const id = Number(idText);
    const codeStep = Number(stepText);
    const expected = Buffer.from(qrCode(kind, secret, merchant, id, codeStep));
    const given = Buffer.from(text);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unknownCode();
    if (codeStep < step - STEPS_BACK) throw staleCode();
    if (codeStep > step + STEPS_AHEAD) throw unknownCode();
    return id;
  }
  const typed = normaliseTyped(text);
  // a voucher's fixed code (XXXX-XXXX-XXXX-XXXX): 16 characters, with or without the dashes
  if (kind.hasReferenceCode && typed.length === 16) {
    throw refused('REFERENCE_CODE', 'That is the voucher’s reference number. Scan the QR code or type the 8-character code under it.');
  }
  if (typed.length !== SHORT_CODE_LENGTH || [...typed].some((c) => !ALPHABET.includes(c))) throw unknownCode();
  const rows = await findShortCodes(db, kind.shortCodes, typed, step - 20, step + STEPS_AHEAD);
  const fresh = rows.find((r) => r.step >= step - STEPS_BACK);
  if (fresh) return fresh.subject_id;
  if (rows.length > 0) throw staleCode();
  throw unknownCode();
}

/** The voucher a fresh code names (subjectOfCode's refusals otherwise). */
export const voucherOfCode = (ctx: ProviderContext, input: string) => subjectOfCode(ctx, VOUCHER, input);
/** The customer whose member card a fresh code is, or whose wallet card's fixed code it is (subjectOfCode's refusals otherwise). */
export const memberOfCode = async (ctx: ProviderContext, input: string) =>
  isStaticMemberCode(input) ? customerOfStaticCode(ctx, input.trim()) : subjectOfCode(ctx, MEMBER, input);
/**
 * The customer whose app shows this rotating member code now (its QR code or short code), checked in
 * `db` (a transaction's): the proof that the customer is at the counter. Never a wallet card's fixed code.
 */
export const customerOfRotatingCode = (ctx: ProviderContext, input: string, db: Database) => subjectOfCode(ctx, MEMBER, input, db);

/**
 * A member's static code (issue 31), the barcode of their Apple or Google Wallet pass, which cannot
 * change every 30 seconds: `LP1.<merchant>.<customer>.<signature>` (an HMAC in its own domain, with the
 * number of times the customer turned their wallet cards off: a card turned off finds nobody). The
 * counter finds the member by it as it does by their phone number, to give points; it never spends.
 */
const STATIC_PREFIX = 'LP1';
const staticBody = (merchantId: string, customerId: number) => `${STATIC_PREFIX}.${merchantId}.${customerId}`;

/** Whether a scanned or typed code is a wallet card's fixed code (which finds a member, and spends nothing). */
export const isStaticMemberCode = (input: string) => input.trim().startsWith(`${STATIC_PREFIX}.`);

export async function staticMemberCode(ctx: ProviderContext, customerId: number): Promise<string> {
  const body = staticBody(ctx.merchantId, customerId);
  const revocations = await passRevocations(ctx.db, customerId);
  // the cards made before any was turned off keep the code they show
  const signed = revocations === 0 ? `member-static|${body}` : `member-static|${revocations}|${body}`;
  return `${body}.${mac(await secretOf(ctx), signed, MAC_CHARS)}`;
}

async function customerOfStaticCode(ctx: ProviderContext, text: string): Promise<number> {
  const parts = text.split('.');
  if (parts.length < 4 || !/^\d{1,10}$/.test(parts.at(-2)!)) throw unknownCode();
  if (parts.slice(1, -2).join('.') !== ctx.merchantId) throw refused('OTHER_MERCHANT', MEMBER.otherMerchant);
  const id = Number(parts.at(-2));
  const expected = Buffer.from(await staticMemberCode(ctx, id));
  const given = Buffer.from(text);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unknownCode();
  return id;
}

/** The hourly job: short codes (vouchers' and members') older than an hour name nothing any more. */
export async function purgeShortCodes(ctx: ProviderContext): Promise<void> {
  await deleteShortCodesBefore(ctx.db, stepAt(ctx.clock.now()) - 120);
}

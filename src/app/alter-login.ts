/**
 * The alternative-login link: `/?id=<base64 of "phone|mid">` (SPEC section 2). Decoding never throws:
 * a broken link is a friendly message, not a crash.
 */
export type AlterLoginLink = { ok: true; phone: string; merchantId: string } | { ok: false; reason: 'missing' | 'malformed' | 'incomplete' };

export function decodeAlterLoginId(id: string | null | undefined): AlterLoginLink {
  if (!id) return { ok: false, reason: 'missing' };
  let text: string;
  try {
    // accept URL-safe base64 and missing padding
    const b64 = id.trim().replace(/-/g, '+').replace(/_/g, '/');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return { ok: false, reason: 'malformed' };
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parts = text.split('|');
  if (parts.length !== 2) return { ok: false, reason: 'incomplete' };
  const phone = parts[0]!.trim();
  const merchantId = parts[1]!.trim();
  if (!phone || !merchantId) return { ok: false, reason: 'incomplete' };
  if (!/^\+?[\d\s().-]{6,32}$/.test(phone)) return { ok: false, reason: 'malformed' };
  return { ok: true, phone, merchantId };
}

export function encodeAlterLoginId(phone: string, merchantId: string): string {
  const bytes = new TextEncoder().encode(`${phone}|${merchantId}`);
  return btoa(String.fromCharCode(...bytes));
}

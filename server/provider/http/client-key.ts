import ipaddr from 'ipaddr.js';

/**
 * The client a per-address limit counts: an IPv4 address as it is, an IPv6 address as its /64 (one
 * subscriber usually holds a whole /64 and can pick any of its 2^64 addresses, so counting them apart
 * would give each client unlimited tries), an IPv4-mapped IPv6 address as its IPv4 address.
 * Anything that is not an address (a gateway that sent none) is counted as itself, shortened.
 */
export function clientKey(address: string): string {
  const raw = address.trim();
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(raw.replace(/^\[|\]$/g, ''));
  } catch {
    return raw.slice(0, 64) || 'unknown';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const prefix = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
    return `${prefix.toString()}/64`;
  }
  return parsed.toString();
}

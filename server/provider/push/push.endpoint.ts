import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where pushes may go. A push endpoint is a URL a customer's browser gave us: a hostile client can name
 * any address, so this is an outbound request we make for a stranger (SSRF). It goes only to https on
 * the default port of a public host: no IP literal or name that resolves into loopback, private,
 * link-local, carrier-grade NAT, multicast or reserved space (checked at subscribe, and again on every
 * connection through `publicLookup`, so a name that later resolves inward is refused too). A loopback
 * fake (http or https, any port) only when the operator allows it (PUSH_ALLOW_LOOPBACK, refused in
 * production by config.ts): tests point subscriptions at a local push service.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: checked as the IPv4 address below
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** An address (v4 or v6) on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK_V4.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
}

/**
 * A host name as DNS reads it: without brackets, lower case, and without the trailing dots of a fully
 * qualified name (`localhost.` is `localhost`, which the send's lookup would refuse only later).
 */
export const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();

/** Why an endpoint is refused, or null when pushes may go there. */
export function endpointProblem(endpoint: string, allowLoopback: boolean): string | null {
  if (!URL.canParse(endpoint)) return 'must be an https:// address of a push service';
  const url = new URL(endpoint);
  const host = bare(url.hostname);
  const loopback = host === 'localhost' || isLoopbackAddress(host);
  if (loopback && (url.protocol === 'http:' || url.protocol === 'https:')) return allowLoopback ? null : 'must be a push service on the internet';
  if (url.protocol !== 'https:' || url.username || url.password) return 'must be an https:// address of a push service';
  if (url.port !== '') return 'must be a push service on the standard https port';
  if (isIP(host) !== 0) return isPublicAddress(host) ? 'must name a push service, not an IP address' : 'must be a push service on the internet';
  if (neverPublicName(host)) return 'must be a push service on the internet';
  return null;
}

/** A host name (bare) that never is public: this machine, the local network, single labels. */
export function neverPublicName(host: string): boolean {
  return (
    host === 'localhost' ||
    isLoopbackAddress(host) ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host.endsWith('.lan') ||
    host.endsWith('.home.arpa') ||
    !host.includes('.')
  );
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A dns.lookup for the push agent: resolves every address of the name and refuses the connection when
 * any of them is not public (loopback ones too when `allowLoopback`), so DNS cannot steer a push inward.
 */
export function publicLookup(allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !(isPublicAddress(a.address) || (allowLoopback && isLoopbackAddress(a.address))));
      if (refused || list.length === 0) {
        const e: NodeJS.ErrnoException = new Error(`refused: ${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`);
        e.code = 'EPUSHREFUSED';
        return callback(e, '');
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

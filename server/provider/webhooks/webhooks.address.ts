import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Resolver, WebhookSetup } from '../context';
import { bare, isLoopbackAddress, isPublicAddress, neverPublicName } from '../push/push.endpoint';

/**
 * Where outbound webhooks may go (SSRF). An endpoint is an address the owner types, or a stolen owner
 * session types: the provider must never be steered at itself, its network or a cloud's metadata service.
 *
 * - When it is saved (endpointProblem): `https:` only; no user name or password in it; an IP literal
 *   must be public; names that never are public (`localhost`, `*.local`, `*.internal`, `*.lan`,
 *   `*.home.arpa`, single labels) are refused.
 * - At every send (checkedLookup): the name is resolved, EVERY address it gives is checked (loopback,
 *   private 10/8, 172.16/12, 192.168/16, fc00::/7, link-local 169.254/16 with 169.254.169.254 and
 *   fe80::/10, carrier-grade NAT 100.64/10, unspecified, multicast, reserved and documentation ranges:
 *   push.endpoint.ts's list), and the connection is made to the address checked, so a second DNS answer
 *   cannot differ from the first. Redirects are never followed (webhooks.sender.ts: a 3xx is a failure).
 *
 * The one exception, for tests and development: with WEBHOOKS_ALLOW_LOOPBACK (refused in production by
 * config.ts) an endpoint on this machine (127.0.0.1, ::1, localhost) is allowed, over http or https.
 */

const NOT_PUBLIC = 'must be an address on the internet, not this machine or a private network';
const HTTPS = 'must be an https:// address';

/** Why an endpoint's address is refused, or null when webhooks may be sent there. */
export function endpointProblem(endpoint: string, setup: WebhookSetup): string | null {
  if (!URL.canParse(endpoint)) return HTTPS;
  const url = new URL(endpoint);
  if (url.username || url.password) return 'must not hold a user name or password';
  const host = bare(url.hostname);
  const loopback = host === 'localhost' || isLoopbackAddress(host);
  if (loopback && setup.allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return HTTPS;
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : NOT_PUBLIC;
  return neverPublicName(host) ? NOT_PUBLIC : null;
}

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (err, list) => (err ? reject(err) : resolve(list))));

/** An error the sender logs as a refusal, not a network failure. */
export class RefusedAddress extends Error {
  readonly code = 'EWEBHOOKREFUSED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` given to each webhook request: resolves the name, refuses the connection when any address
 * is not public (loopback ones allowed only under WEBHOOKS_ALLOW_LOOPBACK), and hands Node the address it
 * checked, which is the one it connects to.
 */
export function checkedLookup(setup: WebhookSetup) {
  const resolve = setup.resolve ?? systemResolver;
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(bare(hostname)).then(
      (list) => {
        const refused = list.find((a) => !(isPublicAddress(a.address) || (setup.allowLoopback && isLoopbackAddress(a.address))));
        if (refused || list.length === 0)
          return callback(new RefusedAddress(`refused: ${hostname} resolves to ${refused?.address ?? 'nothing'}, not an address on the internet`), '');
        if (options.all) return callback(null, list);
        return callback(null, list[0]!.address, list[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

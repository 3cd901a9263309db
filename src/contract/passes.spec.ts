/**
 * The spec of the passes calls: their declarations (passes.calls.ts) joined to their schemas
 * (passes.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { describe, type Endpoint } from './api-spec';
import { passStatusAnswer, passGoogleAnswer, passRevokeAnswer } from './passes';
import { passesApi } from './passes.calls';

export const passesSpec = /* @__PURE__ */ describe('Points', passesApi, {
  status: {
    summary: 'Which wallet cards this shop offers',
    description:
      'Whether the app shows "Add to Apple Wallet" (the Apple pass certificate and the shop\'s public address are configured) and "Save to Google Wallet" (a Google Wallet issuer and service account are).',
    inContract: false,
    data: passStatusAnswer,
    answer: 'What is offered.',
    message: 'Wallet cards.',
  },
  apple: {
    summary: "The customer's Apple Wallet pass",
    description:
      "A signed .pkpass (`application/vnd.apple.pkpass`): a store card in the shop's logo and colours with the customer's name, points, tier and stamps, and their static member code as a QR code (the counter finds them by it, as by their phone number, to give points; it never spends them, and `pass/revoke` replaces it). Every download carries the pass's one authentication token (`pass/revoke` replaces it); the pass updates itself through the pass web service (`pass/apple/v1/…`). Not offered: 404 NOT_FOUND. At most 10 downloads an hour per customer, and a bounded number built at once: 429 RATE_LIMITED with Retry-After.",
    inContract: false,
    file: 'pkpass',
    answer: 'The pass.',
    errors: ['NOT_FOUND'],
  },
  google: {
    summary: 'The customer\'s "Save to Google Wallet" link',
    description:
      "A link to https://pay.google.com/gp/v/save/ with a JWT signed by the shop's service account (RS256, `typ` savetowallet) carrying the shop's loyalty class and the customer's loyalty object (points, name, tier, the member code's QR). From then on the object's points are updated when they change. Not offered: 404 NOT_FOUND.",
    inContract: false,
    data: passGoogleAnswer,
    answer: 'The link.',
    message: 'Your Google Wallet link.',
    errors: ['NOT_FOUND'],
  },
  revoke: {
    summary: "Turn the customer's wallet cards off (a lost phone)",
    description:
      "The customer's Apple and Google Wallet cards stop working: the pass gets a new serial number (so the old pass's authentication token is refused by the pass web service: no update, no download, no registration) and a new fixed member code (the old card's `LP1.…` code finds nobody at the counter). Adding the card again (`pass/apple`, `pass/google`) gives a new one that works. Works whether or not the shop offers wallet cards now.",
    inContract: false,
    data: passRevokeAnswer,
    answer: 'Whether there was a card to turn off.',
    message: 'Your wallet cards are turned off. Add the card again on your new phone.',
  },
});

const device = z.string().meta({ description: "the device's library identifier" });
const passType = z.string().meta({ description: 'the Pass Type ID' });
const serial = z.string().meta({ description: "the pass's serial number" });
const TAG = 'Points';
const APPLE =
  " Apple Wallet calls it with `Authorization: ApplePass <authenticationToken>`: a wrong one 401 FORBIDDEN; an unknown pass 404 NOT_FOUND. Apple's protocol, not enveloped.";

/** The pass web service (Apple's protocol), under the provider's `pass/apple/`; PUBLIC_URL/api/pass/apple is the pass's webServiceURL. */
export const passWebServiceEndpoints: readonly Endpoint[] = [
  {
    method: 'post',
    path: 'pass/apple/v1/devices/{device}/registrations/{passType}/{serial}',
    tag: TAG,
    summary: "Register a device for a pass's updates",
    description: `Body \`{"pushToken": "<hex>"}\`: 201 the first time, 200 again.${APPLE}`,
    auth: 'none',
    inContract: false,
    params: z.object({ device, passType, serial }),
    answer: { kind: 'json', statuses: [201, 200], description: 'Registered.' },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
  },
  {
    method: 'delete',
    path: 'pass/apple/v1/devices/{device}/registrations/{passType}/{serial}',
    tag: TAG,
    summary: 'Unregister a device',
    description: `200 once the device gets no more updates of this pass.${APPLE}`,
    auth: 'none',
    inContract: false,
    params: z.object({ device, passType, serial }),
    answer: { kind: 'json', statuses: [200], description: 'Unregistered.' },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
  },
  {
    method: 'get',
    path: 'pass/apple/v1/devices/{device}/registrations/{passType}',
    tag: TAG,
    summary: "The serial numbers of a device's passes changed since a tag",
    description:
      '`passesUpdatedSince`: the `lastUpdated` of an earlier answer. 200 `{"serialNumbers": […], "lastUpdated": "<tag>"}`, 204 when none changed. Apple\'s protocol, not enveloped.',
    auth: 'none',
    inContract: false,
    params: z.object({ device, passType }),
    answer: { kind: 'json', statuses: [200, 204], description: 'The serial numbers.' },
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  },
  {
    method: 'get',
    path: 'pass/apple/v1/passes/{passType}/{serial}',
    tag: TAG,
    summary: 'The latest version of a pass',
    description: `The .pkpass with \`Last-Modified\`; 304 when it has not changed since \`If-Modified-Since\`.${APPLE}`,
    auth: 'none',
    inContract: false,
    params: z.object({ passType, serial }),
    answer: { kind: 'pkpass', statuses: [200, 304], description: 'The pass.' },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
  },
  {
    method: 'post',
    path: 'pass/apple/v1/log',
    tag: TAG,
    summary: "Apple Wallet's error log",
    description:
      'Body `{"logs": ["…"]}`: written to the provider\'s log (at most 5 lines of 200 characters). 200; more than 10 calls a minute from one client (an IPv6 /64 as one): 429.',
    auth: 'none',
    inContract: false,
    answer: { kind: 'json', statuses: [200], description: 'Logged.' },
    errors: ['RATE_LIMITED'],
  },
];

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redirectedTwilioClient, type TwilioHttpClient } from '../../server/provider/auth/twilio-sender';

/**
 * A local fake of Twilio's Messages endpoint (POST /2010-04-01/Accounts/{AccountSid}/Messages.json),
 * checking each request against Twilio's published API definition (twilio-oai, twilio_api_v2010) and
 * against the rules of what this product sends, and answering as Twilio does: 201 with a Message
 * resource, or Twilio's error shape `{ code, message, more_info, status }`.
 *
 * The official library reaches it through its documented `httpClient` option: `fake.httpClient()` is
 * the library's own RequestClient (axios, form encoding, Basic auth, headers) with only the origin
 * https://api.twilio.com replaced by the fake's, so the fake sees the bytes Twilio would.
 */

/** The form fields the API definition lists for creating a Message (anything else is a typo on our side). */
const MESSAGE_CREATE_FIELDS = new Set([
  'To',
  'StatusCallback',
  'ApplicationSid',
  'MaxPrice',
  'ProvideFeedback',
  'Attempt',
  'ValidityPeriod',
  'ForceDelivery',
  'ContentRetention',
  'AddressRetention',
  'SmartEncoded',
  'PersistentAction',
  'TrafficType',
  'ShortenUrls',
  'ScheduleType',
  'SendAt',
  'SendAsMms',
  'ContentVariables',
  'MessageIntent',
  'RiskCheck',
  'From',
  'FallbackFrom',
  'MessagingServiceSid',
  'Body',
  'MediaUrl',
  'ContentSid',
]);
/** The fields this product sends: a text to one phone, from a number or a Messaging Service. */
const FIELDS_WE_SEND = new Set(['To', 'From', 'MessagingServiceSid', 'Body']);

const NUMBERS_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/IncomingPhoneNumbers\.json$/;
const ACCOUNT_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/;
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const E164 = /^\+[1-9]\d{1,14}$/;
const MAX_BODY_CHARS = 1600;

export interface TwilioFakeOptions {
  accountSid: string;
  authToken: string;
  /** numbers of the account that may send (From) */
  numbers?: string[];
  /** Messaging Service SIDs of the account */
  services?: string[];
}

export interface TwilioError {
  status: number;
  code: number | null;
  message: string;
}

export interface ReceivedRequest {
  method: string;
  /** the path as Twilio would see it */
  path: string;
  /** where the library aimed the request before the test client redirected it (always api.twilio.com) */
  aimedAt: string | null;
  authorization: string | undefined;
  contentType: string | undefined;
  userAgent: string | undefined;
  rawBody: string;
  /** each form field with every value given for it */
  form: Record<string, string[]>;
  /** what was wrong with the request; empty when it was right */
  problems: string[];
  /** what the fake answered */
  status: number;
  answer: unknown;
}

export interface TwilioFake {
  /** http://127.0.0.1:port */
  origin: string;
  requests: ReceivedRequest[];
  /** the messages Twilio accepted */
  sent: Array<{ sid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string }>;
  /** the next accepted request is answered with this error instead (a refused recipient, rate limits …) */
  failNext(error: TwilioError): void;
  /** the library's own RequestClient, pointed at this fake (pass as the `httpClient` option) */
  httpClient(): TwilioHttpClient;
  close(): Promise<void>;
}

const RFC2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');
const moreInfo = (code: number) => `https://www.twilio.com/docs/errors/${code}`;
const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: moreInfo(code), status });

export async function startTwilioFake(o: TwilioFakeOptions): Promise<TwilioFake> {
  const numbers = new Set(o.numbers ?? []);
  const services = new Set(o.services ?? []);
  const requests: ReceivedRequest[] = [];
  const sent: TwilioFake['sent'] = [];
  const failures: TwilioError[] = [];
  const aimed: string[] = [];

  function answer(req: IncomingMessage, rawBody: string): { status: number; body: unknown; problems: string[]; form: Record<string, string[]> } {
    const problems: string[] = [];
    const form: Record<string, string[]> = {};
    const url = new URL(req.url ?? '/', 'http://fake');
    const account = ACCOUNT_PATH.exec(url.pathname);
    if (account) return fetchAccount(req, url, decodeURIComponent(account[1]!), form);
    const owned = NUMBERS_PATH.exec(url.pathname);
    if (owned) return listNumbers(req, url, decodeURIComponent(owned[1]!), form);
    const path = MESSAGES_PATH.exec(url.pathname);
    if (!path) {
      return { status: 404, body: twilioError(404, 20404, `The requested resource ${url.pathname} was not found`), problems: ['unknown path'], form };
    }
    if (req.method !== 'POST') {
      return { status: 405, body: twilioError(405, 20004, 'Method not allowed'), problems: [`method ${req.method}`], form };
    }
    if (url.search) problems.push('query string on a create call');

    const auth = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const [user, ...rest] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    if (user !== o.accountSid || rest.join(':') !== o.authToken) {
      return { status: 401, body: twilioError(401, 20003, 'Authenticate'), problems: ['Basic auth is not AccountSid:AuthToken'], form };
    }
    const accountInPath = decodeURIComponent(path[1]!);
    if (!ACCOUNT_SID.test(accountInPath)) problems.push('AccountSid in the path does not match ^AC[0-9a-fA-F]{32}$');
    if (accountInPath !== o.accountSid) {
      return {
        status: 404,
        body: twilioError(404, 20404, `The requested resource ${url.pathname} was not found`),
        problems: [...problems, 'AccountSid in the path is not the authenticated account'],
        form,
      };
    }

    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') problems.push(`Content-Type ${type || '(none)'} is not application/x-www-form-urlencoded`);
    for (const [k, v] of new URLSearchParams(rawBody)) (form[k] ??= []).push(v);
    for (const [k, values] of Object.entries(form)) {
      if (!MESSAGE_CREATE_FIELDS.has(k)) problems.push(`${k} is not a field of Messages create`);
      else if (!FIELDS_WE_SEND.has(k)) problems.push(`${k} is a field this product never sends`);
      if (values.length > 1) problems.push(`${k} given ${values.length} times`);
    }
    const one = (k: string) => form[k]?.[0];
    const to = one('To');
    const from = one('From');
    const service = one('MessagingServiceSid');
    const body = one('Body');
    if ((from === undefined) === (service === undefined)) problems.push('exactly one of From and MessagingServiceSid must be sent');

    // Twilio's own answers, in the order Twilio checks
    let error: ReturnType<typeof twilioError> | null = null;
    if (to === undefined || to === '') error = twilioError(400, 21604, "A 'To' phone number is required.");
    else if (!E164.test(to)) error = twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    else if (from === undefined && service === undefined)
      error = twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    else if (service !== undefined && (!SERVICE_SID.test(service) || !services.has(service)))
      error = twilioError(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
    else if (from !== undefined && !E164.test(from))
      error = twilioError(400, 21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
    else if (from !== undefined && !numbers.has(from))
      error = twilioError(400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`);
    else if (body === undefined || body === '') error = twilioError(400, 21602, 'Message body is required.');
    else if ([...body].length > MAX_BODY_CHARS) error = twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (error) return { status: error.status, body: error, problems, form };
    // the product's own rules: a request Twilio might take but we must not send
    if (problems.length > 0)
      return { status: 400, body: { code: null, message: `fake: ${problems.join('; ')}`, more_info: null, status: 400 }, problems, form };

    const scripted = failures.shift();
    if (scripted) {
      return {
        status: scripted.status,
        body: { code: scripted.code, message: scripted.message, more_info: scripted.code ? moreInfo(scripted.code) : null, status: scripted.status },
        problems,
        form,
      };
    }

    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = RFC2822(new Date());
    sent.push({ sid, to: to!, from: from ?? null, messagingServiceSid: service ?? null, body: body! });
    return {
      status: 201,
      problems,
      form,
      body: {
        account_sid: o.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        // through a Messaging Service the sender is chosen later: Twilio answers "accepted" without a from yet
        from: from ?? null,
        messaging_service_sid: service ?? null,
        num_media: '0',
        num_segments: service ? '0' : '1',
        price: null,
        price_unit: null,
        sid,
        status: service ? 'accepted' : 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${o.accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${o.accountSid}/Messages/${sid}.json`,
      },
    };
  }

  /** GET /2010-04-01/Accounts/{Sid}.json: the console's test of the credentials before they are saved */
  function fetchAccount(req: IncomingMessage, url: URL, sid: string, form: Record<string, string[]>) {
    const problems: string[] = [];
    if (req.method !== 'GET') return { status: 405, body: twilioError(405, 20004, 'Method not allowed'), problems: [`method ${req.method}`], form };
    if (url.search) problems.push('query string on a fetch call');
    const auth = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const [user, ...rest] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    if (user !== o.accountSid || rest.join(':') !== o.authToken)
      return { status: 401, body: twilioError(401, 20003, 'Authenticate'), problems: ['Basic auth is not AccountSid:AuthToken'], form };
    if (sid !== o.accountSid)
      return {
        status: 404,
        body: twilioError(404, 20404, `The requested resource ${url.pathname} was not found`),
        problems: ['not the authenticated account'],
        form,
      };
    const now = RFC2822(new Date());
    return {
      status: 200,
      problems,
      form,
      body: {
        auth_token: o.authToken,
        date_created: now,
        date_updated: now,
        friendly_name: 'My first Twilio account',
        owner_account_sid: sid,
        sid,
        status: 'active',
        subresource_uris: { messages: `/2010-04-01/Accounts/${sid}/Messages.json` },
        type: 'Full',
        uri: `/2010-04-01/Accounts/${sid}.json`,
      },
    };
  }

  /** GET …/IncomingPhoneNumbers.json?PhoneNumber=…: the account's numbers, as a page (the console's test of a sending number) */
  function listNumbers(req: IncomingMessage, url: URL, sid: string, form: Record<string, string[]>) {
    if (req.method !== 'GET') return { status: 405, body: twilioError(405, 20004, 'Method not allowed'), problems: [`method ${req.method}`], form };
    const auth = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const [user, ...rest] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    if (user !== o.accountSid || rest.join(':') !== o.authToken)
      return { status: 401, body: twilioError(401, 20003, 'Authenticate'), problems: ['Basic auth is not AccountSid:AuthToken'], form };
    if (sid !== o.accountSid)
      return {
        status: 404,
        body: twilioError(404, 20404, `The requested resource ${url.pathname} was not found`),
        problems: ['not the authenticated account'],
        form,
      };
    const problems = [...url.searchParams.keys()]
      .filter((k) => !['PhoneNumber', 'PageSize', 'Page', 'PageToken', 'Beta', 'FriendlyName', 'Origin'].includes(k))
      .map((k) => `${k} is not a filter of IncomingPhoneNumbers`);
    const wanted = url.searchParams.get('PhoneNumber');
    const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
    const rows = [...numbers].filter((n) => wanted === null || n === wanted).slice(0, pageSize);
    const uri = `/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers.json`;
    return {
      status: 200,
      problems,
      form,
      body: {
        end: Math.max(0, rows.length - 1),
        first_page_uri: `${uri}?PageSize=${pageSize}&Page=0`,
        incoming_phone_numbers: rows.map((n) => ({
          account_sid: sid,
          capabilities: { fax: false, mms: true, sms: true, voice: true },
          phone_number: n,
          sid: `PN${randomBytes(16).toString('hex')}`,
          status: 'in-use',
          uri: `${uri.replace('.json', '')}/PN.json`,
        })),
        next_page_uri: null,
        page: 0,
        page_size: pageSize,
        previous_page_uri: null,
        start: 0,
        uri: `${uri}?PageSize=${pageSize}&Page=0`,
      },
    };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const result = answer(req, rawBody);
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        aimedAt: aimed.shift() ?? null,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        userAgent: req.headers['user-agent'],
        rawBody,
        form: result.form,
        problems: result.problems,
        status: result.status,
        answer: result.body,
      });
      res.writeHead(result.status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    sent,
    failNext: (error) => void failures.push(error),
    httpClient: () => redirectedTwilioClient(origin, (o) => aimed.push(o), 5_000),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A random SID of the given kind (AC, MG, …) as Twilio shapes them: two letters and 32 hex digits. */
export const fakeSid = (prefix: 'AC' | 'MG' | 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

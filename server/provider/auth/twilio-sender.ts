import type twilioLib from 'twilio';
import { lazyPackage } from '../../lib/lazy-package';
import type { Logger } from 'pino';
import { lastFour, maskPhone, type MessageSender } from './sender';

/** An Account SID as Twilio issues it (the API definition's pattern for AccountSid). */
export const TWILIO_ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
/** TWILIO_FROM: a Twilio number in E.164, or a Messaging Service SID (Twilio then picks the sender from its pool). */
export const TWILIO_FROM = /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/;
export const TWILIO_FROM_MESSAGE = 'must be a Twilio number in E.164 (such as +14155550100) or a Messaging Service SID (MG followed by 32 hex digits)';

/** Twilio's library, loaded on the first text message (or a test's client): most of a megabyte of code. */
const twilio = lazyPackage<typeof twilioLib>('twilio');

/** Twilio's library is built on a RequestClient; tests pass their own (the library's documented custom HTTP client). */
export type TwilioHttpClient = InstanceType<typeof twilioLib.RequestClient>;

const TWILIO_ORIGIN = 'https://api.twilio.com';

/**
 * The library's own RequestClient (its documented `httpClient` option) with one change: requests meant
 * for api.twilio.com go to `origin` instead (TWILIO_API_BASE: a local fake on this machine, for tests).
 * `aimed` hears where the library aimed each request; one aimed elsewhere is refused.
 */
export function redirectedTwilioClient(origin: string, aimed?: (origin: string) => void, timeoutMs = 10_000): TwilioHttpClient {
  const to = new URL(origin).origin;
  class RedirectedClient extends twilio().RequestClient {
    override request<TData>(opts: Parameters<TwilioHttpClient['request']>[0] & { data?: TData }) {
      const target = new URL(opts.uri);
      aimed?.(target.origin);
      if (target.origin !== TWILIO_ORIGIN) throw new Error(`the Twilio library aimed at ${target.origin}, not ${TWILIO_ORIGIN}`);
      return super.request<TData>({ ...opts, uri: `${to}${target.pathname}${target.search}` });
    }
  }
  return new RedirectedClient({ timeout: timeoutMs, keepAlive: false });
}

export interface TwilioSenderOptions {
  accountSid: string;
  authToken: string;
  /** a number in E.164 or a Messaging Service SID (MG…) */
  from: string;
  logger: Logger;
  /** the library's documented `httpClient` option; production leaves it unset (the library's own RequestClient) */
  httpClient?: TwilioHttpClient;
  /** TWILIO_API_BASE: send to this origin instead of api.twilio.com (a local fake; config allows loopback only) */
  apiBase?: string;
  /** how long one request to Twilio may take: the customer is waiting for the answer. Default 10 s */
  timeoutMs?: number;
}

/**
 * Why Twilio refused, in words without digits: the thrown message reaches logs and error handlers,
 * and Twilio's own messages echo the number they were given.
 */
const REASONS: Record<number, string> = {
  20003: 'Twilio did not accept the credentials (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN)',
  20404: 'Twilio does not know this account (check TWILIO_ACCOUNT_SID)',
  20429: 'Twilio is limiting how fast we send',
  21211: 'the phone number is not a valid number',
  21408: 'sending to this country is not enabled on the Twilio account',
  21606: 'TWILIO_FROM is not a number of this Twilio account that can send text messages',
  21610: 'the phone has replied STOP to our messages',
  21612: 'Twilio cannot reach this phone number from TWILIO_FROM',
  21614: 'the phone number is not a mobile number',
  21617: 'the message is longer than Twilio allows',
  21701: 'TWILIO_FROM is not a Messaging Service of this Twilio account',
};

/**
 * Sends text messages through Twilio's Messages API with the official library. A failure is logged
 * with the masked phone and Twilio's error code, never the text (it holds a one-time code), and thrown
 * as a plain Error whose message has no digits and no part of the text.
 */
export function twilioSender(options: TwilioSenderOptions): MessageSender {
  const { accountSid, authToken, from, logger } = options;
  if (!TWILIO_ACCOUNT_SID.test(accountSid)) throw new Error('TWILIO_ACCOUNT_SID must be an Account SID (AC followed by 32 hex digits)');
  if (!authToken || /\s/.test(authToken)) throw new Error('TWILIO_AUTH_TOKEN must be the Auth Token of the account');
  if (!TWILIO_FROM.test(from)) throw new Error(`TWILIO_FROM ${TWILIO_FROM_MESSAGE}`);

  // made on the first message, so a server that sends none never loads the library
  let made: ReturnType<typeof twilioLib> | undefined;
  const client = () =>
    (made ??= twilio()(accountSid, authToken, {
      ...(options.httpClient
        ? { httpClient: options.httpClient }
        : options.apiBase
          ? { httpClient: redirectedTwilioClient(options.apiBase, undefined, options.timeoutMs) }
          : {}),
      timeout: options.timeoutMs ?? 10_000,
      // a 429 is answered to the customer at once ("try again"); the provider's own limits come first anyway
      autoRetry: false,
      // the library prints requests to the console at debug level: never, whatever TWILIO_LOG_LEVEL says
      logLevel: 'info',
    }));
  const sender = from.startsWith('MG') ? { messagingServiceSid: from } : { from };

  return {
    channel: { kind: 'twilio', from: lastFour(from) },
    async send(phone, body) {
      try {
        await client().messages.create({ to: phone, body, ...sender });
      } catch (err) {
        const code = twilioCode(err);
        const status = httpStatus(err);
        logger.error({ phone: maskPhone(phone), twilio_code: code, http_status: status, network: networkCode(err) }, 'Twilio did not accept the text message');
        const reason = code !== null ? REASONS[code] : undefined;
        // no `cause`: Twilio's error quotes the number and the body (a one-time code), and errors reach logs
        // eslint-disable-next-line preserve-caught-error
        throw new Error(
          reason
            ? `Twilio did not send the text message: ${reason}`
            : status !== null
              ? 'Twilio did not send the text message'
              : 'could not reach Twilio to send the text message',
        );
      }
      logger.info({ phone: maskPhone(phone) }, 'text message handed to Twilio');
    },
  };
}

function twilioCode(err: unknown): number | null {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}

function httpStatus(err: unknown): number | null {
  const status = (err as { status?: unknown })?.status;
  return typeof status === 'number' && Number.isInteger(status) ? status : null;
}

/** ECONNREFUSED, ETIMEDOUT …: the socket's error name (letters only), never the message, which may hold the address. */
function networkCode(err: unknown): string | null {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^[A-Z_]{3,40}$/.test(code) ? code : null;
}

/**
 * Tests an Account SID and Auth Token before the console saves them (issue 46): GET the account
 * resource (/2010-04-01/Accounts/{sid}.json) with the official library, and a sending number among the
 * account's (IncomingPhoneNumbers?PhoneNumber=…). Answers null when Twilio knows the account, it is
 * active and the number is its own, else why not in words the owner can act on (never the token).
 */
export async function checkTwilioAccount(o: {
  accountSid: string;
  authToken: string;
  from?: string;
  apiBase?: string;
  timeoutMs?: number;
}): Promise<string | null> {
  const timeout = o.timeoutMs ?? 10_000;
  const client = twilio()(o.accountSid, o.authToken, {
    ...(o.apiBase ? { httpClient: redirectedTwilioClient(o.apiBase, undefined, timeout) } : {}),
    timeout,
    autoRetry: false,
    logLevel: 'info',
  });
  try {
    const account = await client.api.v2010.accounts(o.accountSid).fetch();
    if (account.status !== 'active') return `Twilio said the account is ${account.status}`;
    // a sending number must be one of the account's, able to send texts (a Messaging Service is checked by its first message)
    if (o.from && !o.from.startsWith('MG')) {
      const numbers = await client.api.v2010.accounts(o.accountSid).incomingPhoneNumbers.list({ phoneNumber: o.from, limit: 1 });
      if (!numbers.some((n) => n.phoneNumber === o.from && n.capabilities?.sms !== false))
        return `Twilio said ${o.from} is not a number of this account that can send text messages`;
    }
    return null;
  } catch (err) {
    const code = twilioCode(err);
    if (code === 20003 || httpStatus(err) === 401) return 'Twilio said the Account SID or Auth Token is wrong';
    if (code === 20404 || httpStatus(err) === 404) return 'Twilio does not know this account (check the Account SID)';
    if (httpStatus(err) !== null) return 'Twilio refused the credentials';
    return `could not reach Twilio (${o.apiBase ? new URL(o.apiBase).host : 'api.twilio.com'})`;
  }
}

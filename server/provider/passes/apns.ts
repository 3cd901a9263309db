import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { AppleWalletConfig } from './passes-config';

/** What APNs said of one push: sent, the device is gone (410: unregister it), or a failure to retry later. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

const TIMEOUT_MS = 10_000;

/**
 * Apple Wallet's update pushes: an empty JSON payload to each device's push token over HTTP/2, with the
 * Pass Type ID as `apns-topic`, authenticated by the pass certificate itself (TLS client certificate).
 * One connection per batch, closed after it.
 */
export async function pushAll(config: AppleWalletConfig, tokens: string[]): Promise<Map<string, PushOutcome>> {
  const out = new Map<string, PushOutcome>();
  if (tokens.length === 0) return out;
  let session: ClientHttp2Session;
  try {
    session = connect(config.apnsUrl, {
      cert: config.signerCert,
      key: config.signerKey,
      ...(config.signerKeyPassphrase ? { passphrase: config.signerKeyPassphrase } : {}),
      // a test's loopback fake has a self-made certificate (config.ts allows that URL outside production only)
      ...(config.apnsInsecure ? { rejectUnauthorized: false } : {}),
    });
  } catch {
    for (const t of tokens) out.set(t, 'failed');
    return out;
  }
  session.on('error', () => {});
  try {
    await Promise.all(tokens.map(async (token) => out.set(token, await pushOne(session, config.passTypeId, token))));
  } finally {
    session.close();
  }
  return out;
}

function pushOne(session: ClientHttp2Session, topic: string, token: string): Promise<PushOutcome> {
  return new Promise((resolve) => {
    if (!/^[0-9a-fA-F]{16,200}$/.test(token)) return resolve('gone');
    let settled = false;
    const done = (o: PushOutcome) => {
      if (!settled) {
        settled = true;
        resolve(o);
      }
    };
    try {
      const req = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${token}`,
        'apns-topic': topic,
        'content-type': 'application/json',
      });
      req.setTimeout(TIMEOUT_MS, () => {
        req.close();
        done('failed');
      });
      req.on('response', (headers) => {
        const status = Number(headers[constants.HTTP2_HEADER_STATUS]);
        done(status === 200 ? 'sent' : status === 410 ? 'gone' : 'failed');
      });
      req.on('error', () => done('failed'));
      req.on('close', () => done('failed'));
      req.resume();
      req.end('{}');
    } catch {
      done('failed');
    }
  });
}

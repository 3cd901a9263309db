import { createPrivateKey, X509Certificate } from 'node:crypto';

/** A PEM from an environment variable: real line breaks, or `\n` written out (one-line .env files). */
export function pemOf(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

/** Throws what is wrong with a PEM certificate or private key (config.ts shows it next to the variable's name). */
export function checkPem(value: string, kind: 'certificate' | 'key'): void {
  const pem = pemOf(value);
  if (kind === 'certificate') {
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('X must be a PEM certificate (-----BEGIN CERTIFICATE-----…)');
    try {
      new X509Certificate(pem);
    } catch {
      throw new Error('X must be a PEM certificate: this one cannot be read');
    }
    return;
  }
  if (!/-----BEGIN (ENCRYPTED |RSA |EC )?PRIVATE KEY-----/.test(pem)) throw new Error('X must be a PEM private key (-----BEGIN PRIVATE KEY-----…)');
  if (pem.includes('ENCRYPTED')) return; // read with APPLE_PASS_KEY_PASSPHRASE when a pass is signed
  try {
    createPrivateKey(pem);
  } catch {
    throw new Error('X must be a PEM private key: this one cannot be read');
  }
}

/** Throws what is wrong with a Google service account key file's JSON. */
export function checkServiceAccount(value: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('X must be the JSON key file of a Google service account (its whole text)');
  }
  const account = parsed as { client_email?: unknown; private_key?: unknown };
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string')
    throw new Error('X must be a service account key with client_email and private_key');
  try {
    createPrivateKey(account.private_key);
  } catch {
    throw new Error("X must hold a readable private_key (the service account's)");
  }
}

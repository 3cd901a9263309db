import { generateKeyPairSync } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import { expect } from 'vitest';
import type { PassesConfig } from '../../../server/provider/passes/passes-config';

/**
 * Self-made certificates for the wallet passes' tests: a CA playing Apple's WWDR intermediate, a Pass
 * Type ID certificate it signed, a TLS certificate for a loopback APNs fake, and a Google service
 * account's key; and a zip reader for the .pkpass.
 */

export const PASS_TYPE = 'pass.test.loyalty';

/** A certificate for `publicKeyPem`, signed by `issuer` (itself when absent). */
function certificate(subject: string, publicKeyPem: string, issuer?: { cert: forge.pki.Certificate; keyPem: string }, ca = false): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = String((Date.now() % 1_000_000) + Math.floor(Math.random() * 1000));
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: 'commonName', value: subject }];
  cert.setSubject(attrs);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : attrs);
  cert.setExtensions(
    ca
      ? [{ name: 'basicConstraints', cA: true }]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(issuer?.keyPem ?? ''), forge.md.sha256.create());
  return cert;
}

const rsa = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs1', format: 'pem' } });
const caKeys = rsa();
const caCert = (() => {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(caKeys.publicKey);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: 'commonName', value: 'Test WWDR' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  cert.sign(forge.pki.privateKeyFromPem(caKeys.privateKey), forge.md.sha256.create());
  return cert;
})();
export const signerKeys = rsa();
export const signerCert = forge.pki.certificateToPem(
  certificate(`Pass Type ID: ${PASS_TYPE}`, signerKeys.publicKey, { cert: caCert, keyPem: caKeys.privateKey }),
);
export const wwdr = forge.pki.certificateToPem(caCert);
export const tlsKeys = rsa();
export const tlsCert = forge.pki.certificateToPem(certificate('127.0.0.1', tlsKeys.publicKey, { cert: caCert, keyPem: caKeys.privateKey }));
export const googleKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** Both wallets configured with these certificates; the APNs and Google addresses of the test's fakes (unreachable by default). */
export function testPasses(o: { apnsUrl?: string; googleOrigin?: string } = {}): PassesConfig {
  const g = o.googleOrigin ?? 'http://127.0.0.1:9';
  return {
    apple: {
      passTypeId: PASS_TYPE,
      teamId: 'ABCDE12345',
      signerCert,
      signerKey: signerKeys.privateKey,
      wwdr,
      apnsUrl: o.apnsUrl ?? 'https://127.0.0.1:9',
      apnsInsecure: true,
    },
    google: {
      issuerId: '3388000000012345678',
      clientEmail: 'wallet@test-project.iam.gserviceaccount.com',
      privateKey: googleKeys.privateKey,
      apiBase: `${g}/walletobjects/v1/`,
      tokenUrl: `${g}/token`,
    },
  };
}

export /** The files of a zip (stored or deflated entries), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'the end of the central directory').toBeGreaterThan(0);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

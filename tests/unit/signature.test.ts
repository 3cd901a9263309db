import { describe, expect, it } from 'vitest';
import { bodySha256, callHeaders, callKey, digestsEqual, keysCallHmac, signCall, signGatewayCall, type GatewayCall } from '../../server/lib/signature';
import { ordersApi } from '#contract/orders.calls';
import { settingsApi } from '#contract/settings.calls';

/** the contract's test vector is a signature over the main-setting call's path */
const MAIN_SETTING = settingsApi.mainSetting.path;

describe('signCall', () => {
  it('matches the contract test vector', () => {
    expect(signCall('http://127.0.0.1:4010/api/v2/', MAIN_SETTING, 'wato', 1700000000, 'test-secret')).toBe(
      'a5b707bffb901e83b4866f5a6db57b5200310ef29f0987a1dc8f58bca36eb5dd',
    );
  });

  it('takes the timestamp as a number or as the header string alike', () => {
    expect(signCall('http://127.0.0.1:4010/api/v2/', MAIN_SETTING, 'wato', '1700000000', 'test-secret')).toBe(
      signCall('http://127.0.0.1:4010/api/v2/', MAIN_SETTING, 'wato', 1700000000, 'test-secret'),
    );
  });

  it('changes with every part: base, path, platform, timestamp and secret', () => {
    const base = signCall('http://a/api/v2/', 'x', 'wato', 1, 's');
    for (const other of [
      signCall('http://b/api/v2/', 'x', 'wato', 1, 's'),
      signCall('http://a/api/v2/', 'y', 'wato', 1, 's'),
      signCall('http://a/api/v2/', 'x', 'otro', 1, 's'),
      signCall('http://a/api/v2/', 'x', 'wato', 2, 's'),
      signCall('http://a/api/v2/', 'x', 'wato', 1, 't'),
    ]) {
      expect(other).not.toBe(base);
    }
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('digestsEqual', () => {
  it('accepts equal digests and refuses different ones, or ones of another length', () => {
    const d = signCall('http://a/', 'x', 'wato', 1, 's');
    expect(digestsEqual(d, d)).toBe(true);
    expect(
      digestsEqual(
        d,
        d.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBe(false);
    expect(digestsEqual(d, d.slice(0, 63))).toBe(false);
    expect(digestsEqual('', d)).toBe(false);
  });
});

describe('signGatewayCall', () => {
  // a call's target as the gateway signs it (path and query): what this signature is over
  const call: GatewayCall = {
    method: 'POST',
    target: `${ordersApi.create.path}?from=app`,
    platform: 'wato',
    timestamp: 1700000000,
    nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
    forwardedFor: '203.0.113.7',
    authorization: 'Bearer tok',
    merchantKey: '',
    bodySha256: bodySha256(Buffer.from('{"a":1}')),
  };
  const key = callKey('a-signing-secret-of-more-than-32-bytes');

  it('changes with every part of the call, and with the key', () => {
    const base = signGatewayCall(key, call);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    const changed: Array<Partial<GatewayCall>> = [
      { method: 'GET' },
      { target: `${ordersApi.create.path}?from=web` },
      { target: ordersApi.create.path },
      { platform: 'otro' },
      { timestamp: 1700000001 },
      { nonce: 'BAAAAAAAAAAAAAAAAAAAAA' },
      { forwardedFor: '203.0.113.8' },
      { authorization: 'Bearer other' },
      { merchantKey: 'k' },
      { bodySha256: bodySha256(Buffer.from('{"a":2}')) },
      // the browser's device id (referrals' self-referral check): a client cannot choose it
      { device: 'FFFFFFFFFFFFFFFFFFFFFF' },
    ];
    for (const c of changed) expect(signGatewayCall(key, { ...call, ...c }), JSON.stringify(c)).not.toBe(base);
    expect(signGatewayCall(callKey('another-signing-secret-of-32-bytes-or-more'), call)).not.toBe(base);
    // the method is compared as HTTP writes it
    expect(signGatewayCall(key, { ...call, method: 'post' })).toBe(base);
  });

  it('digests an empty body as nothing at all', () => {
    expect(bodySha256()).toBe(bodySha256(Buffer.alloc(0)));
    expect(bodySha256()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('keys an HMAC only with 32 bytes or more', () => {
    expect(keysCallHmac('x'.repeat(31))).toBe(false);
    expect(keysCallHmac('x'.repeat(32))).toBe(true);
    expect(keysCallHmac('é'.repeat(16))).toBe(true); // bytes, not characters
  });

  it('makes a new nonce for every call', () => {
    const a = callHeaders(key, call);
    const b = callHeaders(key, call);
    expect(a['x-call-nonce']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a['x-call-nonce']).not.toBe(b['x-call-nonce']);
    expect(a['x-call-signature']).toBe(signGatewayCall(key, { ...call, nonce: a['x-call-nonce']! }));
  });
});

import { describe, expect, it } from 'vitest';
import { digestsEqual, signCall } from '../../server/lib/signature';

describe('signCall', () => {
  it('matches the contract test vector', () => {
    expect(signCall('http://127.0.0.1:4010/api/v2/', 'settings/main-setting', 'wato', 1700000000, 'test-secret')).toBe(
      'a5b707bffb901e83b4866f5a6db57b5200310ef29f0987a1dc8f58bca36eb5dd',
    );
  });

  it('takes the timestamp as a number or as the header string alike', () => {
    expect(signCall('http://127.0.0.1:4010/api/v2/', 'settings/main-setting', 'wato', '1700000000', 'test-secret')).toBe(
      signCall('http://127.0.0.1:4010/api/v2/', 'settings/main-setting', 'wato', 1700000000, 'test-secret'),
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
    expect(digestsEqual(d, d.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).toBe(false);
    expect(digestsEqual(d, d.slice(0, 63))).toBe(false);
    expect(digestsEqual('', d)).toBe(false);
  });
});

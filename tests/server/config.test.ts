import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

/** The environment of this process without any variable the server reads, plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['PORT', 'HOST', 'PROVIDER_API_BASE', 'PROVIDER_SECRET', 'PLATFORM_ID', 'DATABASE_URL', 'DATA_DIR', 'GOOGLE_CLIENT_ID', 'TRUST_PROXY_HOPS', 'MERCHANT_API_KEY', 'LOG_LEVEL', 'DIST_DIR', 'DB_POOL_SIZE', 'MERCHANT_ID', 'PAYMENT_WEBHOOK_SECRET', 'DEMO_ORDER_PROGRESS', 'GOOGLE_JWKS_URL', 'PROVIDER_ALLOW_INSECURE_HTTP']) delete base[name];
  return { ...base, ...env };
}

function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('loadConfig', () => {
  it('has the contract defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', providerApiBase: undefined, platformId: 'wato', dataDir: './data', googleClientId: undefined, trustProxyHops: 0, production: false, distDir: './dist' });
  });

  it('reads an external provider', () => {
    const c = loadConfig({ PROVIDER_API_BASE: 'https://provider.example/api/v2/', PROVIDER_SECRET: 'long-enough-secret', TRUST_PROXY_HOPS: '1', GOOGLE_CLIENT_ID: ' abc.apps ' });
    expect(c.providerApiBase).toBe('https://provider.example/api/v2/');
    expect(c.providerSecret).toBe('long-enough-secret');
    expect(c.trustProxyHops).toBe(1);
    expect(c.googleClientId).toBe('abc.apps');
  });

  it('gives one line per bad variable, naming it and what it must be', () => {
    expect(problemsOf({ PORT: 'abc', PROVIDER_API_BASE: 'https://x/' })).toEqual(['PORT must be a port number', 'PROVIDER_SECRET is required when PROVIDER_API_BASE is set']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be 0 to 65535']);
    expect(problemsOf({ PROVIDER_API_BASE: 'http://x/api/v2', PROVIDER_SECRET: 'long-enough-secret' })).toEqual(['PROVIDER_API_BASE must be an http(s) URL ending in /']);
    expect(problemsOf({ PROVIDER_API_BASE: 'ftp://x/', PROVIDER_SECRET: 'long-enough-secret' })).toEqual(['PROVIDER_API_BASE must be an http(s) URL ending in /']);
    expect(problemsOf({ TRUST_PROXY_HOPS: 'two', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'TRUST_PROXY_HOPS must be a whole number',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });
});

describe('PROVIDER_API_BASE over plain http (a captured signature could be replayed for 300 s)', () => {
  const secret = { PROVIDER_SECRET: 'long-enough-secret' };
  const refused = 'PROVIDER_API_BASE must be https:// unless its host is loopback (127.0.0.1, localhost, [::1]); set PROVIDER_ALLOW_INSECURE_HTTP=true to allow plain http';

  it('refuses http:// to a host that is not loopback', () => {
    for (const base of ['http://provider.example/api/v2/', 'http://10.0.0.5:4010/api/v2/', 'http://[fd00::2]/api/v2/', 'http://127.0.0.1.example.com/api/v2/']) {
      expect(problemsOf({ PROVIDER_API_BASE: base, ...secret }), base).toEqual([refused]);
    }
  });

  it('allows http:// to loopback, and https:// anywhere', () => {
    for (const base of ['http://127.0.0.1:4010/api/v2/', 'http://127.8.9.10/api/v2/', 'http://localhost:4010/api/v2/', 'http://LOCALHOST/', 'http://[::1]:4010/api/v2/', 'https://provider.example/api/v2/']) {
      expect(problemsOf({ PROVIDER_API_BASE: base, ...secret }), base).toEqual([]);
    }
  });

  it('allows http:// elsewhere only with PROVIDER_ALLOW_INSECURE_HTTP=true', () => {
    expect(loadConfig({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', PROVIDER_ALLOW_INSECURE_HTTP: 'true', ...secret }).allowInsecureProvider).toBe(true);
    expect(problemsOf({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', PROVIDER_ALLOW_INSECURE_HTTP: 'false', ...secret })).toEqual([refused]);
    expect(problemsOf({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', PROVIDER_ALLOW_INSECURE_HTTP: 'maybe', ...secret })).toEqual(['PROVIDER_ALLOW_INSECURE_HTTP must be true or false', refused]);
  });

  it('stops the server with that one line', async () => {
    const r = await runServer({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', ...secret });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Configuration error: ${refused}\n`);
  });
});

describe('server start-up with a bad configuration', () => {
  it('prints each problem on its own line and exits with 1', async () => {
    const r = await runServer({ PORT: 'abc', PROVIDER_API_BASE: 'https://x/' });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual(['Configuration error: PORT must be a port number', 'Configuration error: PROVIDER_SECRET is required when PROVIDER_API_BASE is set']);
    expect(r.stdout).toBe('');
  });

  it('names a bad TRUST_PROXY_HOPS and a short PROVIDER_SECRET', async () => {
    const r = await runServer({ TRUST_PROXY_HOPS: '-1', PROVIDER_API_BASE: 'http://127.0.0.1:9/api/v2/', PROVIDER_SECRET: 'short' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Configuration error: TRUST_PROXY_HOPS must be 0 or more\n');
    expect(r.stderr).toContain('Configuration error: PROVIDER_SECRET must be at least 8 characters\n');
  });
});

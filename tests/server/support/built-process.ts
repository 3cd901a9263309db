/**
 * The test run's build of the server (tests/support/server-build.ts) as a process of its own, as production
 * runs it: started with an environment of the test's, ready when it logs where it listens, stopped with
 * SIGTERM (SIGKILL after 20 s). Its output is kept for the test to read (`hourly jobs: done`, errors).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVER_BUNDLE } from '../../support/server-bundle';
import request from 'supertest';
import { authApi } from '#contract/auth.calls';
import type { TwilioFake } from '../../fakes/twilio-fake';
import { gatewayUrl } from '../../support/calls';
import { serverEnv } from './env';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface BuiltProcess {
  proc: ChildProcess;
  url: string;
  output: () => string;
}

export async function startBuiltProcess(env: Record<string, string>, name: string): Promise<BuiltProcess> {
  const proc = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: ROOT, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
    if (m) return { proc, url: m[1]!.replace(/\/$/, ''), output: () => out };
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`${name} did not start:\n${out.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function stopBuiltProcess(r: Pick<BuiltProcess, 'proc'> | undefined): Promise<void> {
  if (!r || r.proc.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => r.proc.kill('SIGKILL'), 20_000);
    r.proc.on('exit', () => {
      clearTimeout(kill);
      done();
    });
    r.proc.kill('SIGTERM');
  });
}

/**
 * A new customer signed up through a gateway at `url`, with the code the (fake) Twilio delivered: the
 * agent keeps the session cookie.
 */
export async function signUpByText(url: string, twilio: TwilioFake, phone: string, name: string): Promise<ReturnType<typeof request.agent>> {
  const agent = request.agent(url);
  await agent.post(gatewayUrl('', authApi.otpRequest)).send({ phone, purpose: 'register' }).expect(200);
  const code = /\b(\d{6})\b/.exec(twilio.sent.filter((m) => m.to === phone).at(-1)!.body)![1]!;
  const verified = await agent.post(gatewayUrl('', authApi.otpVerify)).send({ phone, code, purpose: 'register' }).expect(200);
  await agent.post(gatewayUrl('', authApi.register)).send({ registration_token: verified.body.data.registration_token, name }).expect(201);
  return agent;
}

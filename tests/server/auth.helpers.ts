/** Helpers shared by the sign-in test files: real codes through the real API. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestProvider } from './support/provider';
import { authApi } from '#contract/auth.calls';
import { callApi } from '../support/calls';

/** A fresh Philippine mobile number in E.164 (+639 and nine digits). */
export function newPhone(): string {
  return `+639${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`;
}

/** A fresh client address, so tests do not share the per-address hourly cap. */
export function newIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A 6-digit code that is certainly not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function requestCode(p: TestProvider, phone: string, purpose: 'login' | 'register' = 'login', ip = newIp()): Promise<string> {
  await callApi(p, authApi.otpRequest, { body: { phone, purpose }, ip }).expect(200);
  const code = p.lastCode(phone);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Signs in (or up) through codes; answers the session token and the customer. */
export async function signInWithPhone(p: TestProvider, phone: string, name = 'Ana Santos') {
  const code = await requestCode(p, phone, 'login');
  const verified = await callApi(p, authApi.otpVerify, { body: { phone, code, purpose: 'login' } }).expect(200);
  if (verified.body.data.token) return verified.body.data as { token: string; customer: { id: number; phone: string; name: string } };
  const reg = await callApi(p, authApi.register, { body: { registration_token: verified.body.data.registration_token, name } }).expect(201);
  return reg.body.data as { token: string; customer: { id: number; phone: string; name: string } };
}

/**
 * A customer signed up through the app on a device of their own (its `x-device-id`), with a friend's referral code
 * when given, and `wallet` minor units in the wallet; answers their id and session token.
 */
export async function signUpOnDevice(p: TestProvider, name: string, o: { referralCode?: string; wallet?: number } = {}) {
  const phone = newPhone();
  const otp = await requestCode(p, phone, 'login');
  const verified = await callApi(p, authApi.otpVerify, { body: { phone, code: otp, purpose: 'login' } }).expect(200);
  const res = await callApi(p, authApi.register, {
    headers: { 'x-device-id': randomBytes(16).toString('base64url') },
    body: { registration_token: verified.body.data.registration_token, name, ...(o.referralCode ? { referral_code: o.referralCode } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const data = res.body.data as { token: string; customer: { id: number } };
  if (o.wallet) await p.db.updateTable('customers').set({ wallet_balance: o.wallet }).where('id', '=', data.customer.id).execute();
  return { id: data.customer.id, token: data.token };
}

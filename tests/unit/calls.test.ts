/**
 * The declarations the gateway reads (src/contract/calls.ts): every documented call is declared once,
 * the console's calls carry the staff session and only they, and exactly the sign-in and logout calls
 * say so (the gateway moves their token into the cookie, or clears it, by these declarations).
 */
import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '#contract/calls';
import { ENDPOINTS } from '#contract/endpoints';
import type { Call } from '#contract/api';
import { authApi } from '#contract/auth.calls';
import { tablesApi } from '#contract/tables.calls';
import { staffApi } from '#contract/staff.calls';

const key = (c: { method: string; path: string }) => `${c.method.toUpperCase()} ${c.path}`;

describe('the declared calls', () => {
  it('are every documented call, each once (the files of the sandbox, the images, the pass web service and this document aside)', () => {
    const declared = ALL_CALLS.map(key);
    expect(new Set(declared).size).toBe(declared.length);
    // Apple Wallet's web service (pass/apple/v1/…, its paths Apple's) is documented but not declared
    const documentedCalls = ENDPOINTS.filter(
      (e) => e.answer.kind === 'envelope' || e.answer.kind === 'csv' || (e.answer.kind === 'pkpass' && !e.path.startsWith('pass/apple/v1/')),
    ).map(key);
    expect([...declared].sort()).toEqual([...documentedCalls].sort());
  });

  it("carry the staff session for the console's calls and the customer's for every other", () => {
    // the console's calls are the ones under merchant/: a prefix, read from each declaration's path
    for (const c of ALL_CALLS) expect(c.session, c.path).toBe(c.path.startsWith('merchant/') ? 'staff' : 'customer');
  });

  it('say which calls sign in and out', () => {
    const with_ = (signs: 'in' | 'out') =>
      ALL_CALLS.filter((c) => c.signs === signs)
        .map((c) => c.path)
        .sort();
    const pathsOf = (...calls: Call<unknown, unknown>[]) => calls.map((c) => c.path).sort();
    expect(with_('in')).toEqual(
      pathsOf(authApi.google, authApi.otpVerify, authApi.register, tablesApi.guest, staffApi.acceptInvite, staffApi.login, staffApi.setup),
    );
    expect(with_('out')).toEqual(pathsOf(authApi.logout, staffApi.logout, staffApi.logoutAll));
  });
});

/**
 * Logs hold no personal data (issue 45): every app the e2e run started wrote its log at `info` to
 * .tmp/e2e-logs (support/log-dir.ts); this file, in the last e2e project, reads every line of them for
 * a phone number, an e-mail address or a one-time code. The run signs customers up by phone, verifies
 * e-mails, sends codes, invites staff by e-mail, orders and pays: whatever reaches a log line from there
 * is found here. Masked forms the senders write on purpose (`+639•••••••67`, `a•••@example.com`) pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_LOG_DIR } from './support/log-dir';

/** a mobile number as the app takes them (+63 9xx, 09xx; spaced or not) or any E.164 number */
const PHONE = /(?:\+?63|\b0)[ -]?9\d{2}[ -]?\d{3}[ -]?\d{4}\b|\+[1-9]\d{9,14}\b/;
/** an address with a readable local part: the masked form has only `•` before the @ */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** six digits next to the word code or OTP, as a message or a field would carry one */
const CODE = /(?:code|otp)\W{0,12}\d{6}\b|\b\d{6}\W{0,3}(?:is your|code)/i;

function logFiles(): string[] {
  try {
    return readdirSync(E2E_LOG_DIR)
      .filter((f) => f.endsWith('.log'))
      .map((f) => join(E2E_LOG_DIR, f));
  } catch {
    return [];
  }
}

describe('the logs of the e2e run', () => {
  it('hold no phone number, e-mail address or one-time code', () => {
    const files = logFiles();
    // the e2e project ran before this one and started apps: no logs means the scan would prove nothing
    expect(files.length, `no app logs in ${E2E_LOG_DIR}: run the e2e project first`).toBeGreaterThan(0);
    const found: string[] = [];
    let lines = 0;
    for (const file of files) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        lines++;
        for (const [what, pattern] of [
          ['a phone number', PHONE],
          ['an e-mail address', EMAIL],
          ['a one-time code', CODE],
        ] as const) {
          const m = pattern.exec(line);
          if (m) found.push(`${what} (${m[0]}) in ${file}: ${line.slice(0, 300)}`);
        }
      }
    }
    console.log(`log privacy: ${lines} lines in ${files.length} app logs read`);
    expect(found.slice(0, 20), `${found.length} line(s) with personal data`).toEqual([]);
  });
});

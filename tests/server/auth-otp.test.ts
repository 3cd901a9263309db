import pino from 'pino';
import { expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { newIp, newPhone, requestCode, wrongCode } from './auth.helpers';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { callApi } from '../support/calls';

describeDb('one-time codes', (kind) => {
  const p = useTestProvider(kind, { reset: true });

  const verify = (phone: string, code: string, purpose: 'login' | 'register' = 'login') => callApi(p, authApi.otpVerify, { body: { phone, code, purpose } });

  it('sends a 6-digit code with the merchant name and answers expires_in, resend_in and the E.164 number', async () => {
    const res = await callApi(p, authApi.otpRequest, { body: { phone: '0917 123 4567', purpose: 'login' }, ip: newIp() }).expect(200);
    expect(res.body.data).toEqual({ expires_in: 300, resend_in: 60, phone: '+639171234567' });
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]!.phone).toBe('+639171234567');
    expect(p.sent[0]!.body).toMatch(/^Your Kopi Senja code is \d{6}\. It expires in 5 minutes\.$/);
  });

  it('stores only a hash of the code', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    const rows = await p.db.selectFrom('otp_codes').selectAll().where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('normalises every way of writing a number to the same E.164 account', async () => {
    const forms = ['0917 555 0101', '+63 917 555 0101', '0063-917-555-0101', '(0917) 555.0101', '9175550101'];
    for (const phone of forms) {
      const res = await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip: newIp() }).expect((r) =>
        expect([200, 429]).toContain(r.status),
      );
      if (res.status === 200) expect(res.body.data.phone).toBe('+639175550101');
      else expect(res.body.error.code).toBe('RATE_LIMITED'); // the same number, inside its resend wait
    }
    const code = p.lastCode('+639175550101')!;
    const ok = await verify('0917-555-0101', code).expect(200);
    expect(ok.body.data.needs_registration).toBe(true);
  });

  it('refuses a number it cannot read with VALIDATION on phone', async () => {
    const res = await callApi(p, authApi.otpRequest, { body: { phone: '0917 abc 4567', purpose: 'login' } }).expect(400);
    expect(res.body.error).toEqual({ code: 'VALIDATION', fields: { phone: 'must be a phone number such as +63 917 123 4567' } });
    expect(p.sent).toHaveLength(0);
  });

  it('answers a number with an account and one without exactly alike', async () => {
    const known = newPhone();
    await p.newCustomer({ phone: known });
    const unknown = newPhone();
    for (const purpose of ['login', 'register'] as const) {
      const a = await callApi(p, authApi.otpRequest, { body: { phone: known, purpose }, ip: newIp() });
      const b = await callApi(p, authApi.otpRequest, { body: { phone: unknown, purpose }, ip: newIp() });
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
      expect(Object.keys(b.body.data).sort()).toEqual(Object.keys(a.body.data).sort());
      expect(b.body.message).toBe(a.body.message);
      expect({ ...b.body.data, phone: null }).toEqual({ ...a.body.data, phone: null });
      expect(a.body.data).toMatchObject({ expires_in: 300, resend_in: 60 });
      p.clock.advance(61_000);
    }
    // and both really got a code
    expect(p.sent.filter((s) => s.phone === known)).toHaveLength(2);
    expect(p.sent.filter((s) => s.phone === unknown)).toHaveLength(2);
  });

  it('signs in an existing customer with a login code', async () => {
    const phone = newPhone();
    const c = await p.newCustomer({ phone, name: 'Ben Cruz' });
    const code = await requestCode(p, phone);
    const res = await verify(phone, code).expect(200);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.customer).toMatchObject({ id: c.id, name: 'Ben Cruz', phone, points: 0, wallet_balance: 0 });
    await callApi(p, customersApi.profile, { token: res.body.data.token }).expect(200);
  });

  it('expires a code after 300 seconds', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    p.clock.advance(301_000);
    const res = await verify(phone, code).expect(400);
    expect(res.body.error.code).toBe('CODE_EXPIRED');
  });

  it('still accepts a code just before it expires', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    p.clock.advance(299_000);
    await verify(phone, code).expect(200);
  });

  it('accepts a code once only', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    await verify(phone, code).expect(200);
    const again = await verify(phone, code).expect(400);
    expect(again.body.error.code).toBe('CODE_EXPIRED');
  });

  it('accepts exactly one of 20 concurrent submits of the right code', async () => {
    const phone = newPhone();
    await p.newCustomer({ phone });
    const code = await requestCode(p, phone);
    const results = await Promise.all(Array.from({ length: 20 }, () => verify(phone, code)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('CODE_EXPIRED');
    }
    const sessions = await p.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(2); // newCustomer's own session and the one sign-in
  });

  it('counts wrong tries and ends the code after 5, so even the right code then fails', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    const bad = wrongCode(code);
    for (let left = 4; left >= 1; left--) {
      const res = await verify(phone, bad).expect(400);
      expect(res.body.error).toEqual({ code: 'INVALID_CODE', fields: { code: 'is not the code we sent' } });
      expect(res.body.data).toEqual({ attempts_left: left });
    }
    const fifth = await verify(phone, bad).expect(400);
    expect(fifth.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(fifth.body.data).toEqual({ attempts_left: 0 });
    const right = await verify(phone, code).expect(400);
    expect(right.body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('never lets concurrent wrong tries exceed 5, nor a right code through after them', async () => {
    const phone = newPhone();
    const code = await requestCode(p, phone);
    const results = await Promise.all(Array.from({ length: 12 }, () => verify(phone, wrongCode(code))));
    expect(results.filter((r) => r.body.error?.code === 'INVALID_CODE')).toHaveLength(4);
    expect(results.every((r) => r.status === 400)).toBe(true);
    const row = await p.db.selectFrom('otp_codes').select('attempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify(phone, code).expect(400)).body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('answers CODE_EXPIRED when no code was ever sent', async () => {
    const res = await verify(newPhone(), '123456').expect(400);
    expect(res.body.error.code).toBe('CODE_EXPIRED');
  });

  it('does not accept a login code for registration, nor an earlier code once a new one is sent', async () => {
    const phone = newPhone();
    const first = await requestCode(p, phone, 'login');
    expect((await verify(phone, first, 'register').expect(400)).body.error.code).toBe('CODE_EXPIRED');
    p.clock.advance(61_000);
    const second = await requestCode(p, phone, 'login');
    if (second !== first) expect((await verify(phone, first).expect(400)).body.error.code).toBe('INVALID_CODE');
    await verify(phone, second).expect(200);
  });

  it('makes a resend wait 60 seconds, with retry_after and a Retry-After header', async () => {
    const phone = newPhone();
    const ip = newIp();
    await requestCode(p, phone, 'login', ip);
    p.clock.advance(20_000);
    const res = await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip }).expect(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(res.body.data).toEqual({ retry_after: 40 });
    expect(res.headers['retry-after']).toBe('40');
    // the other purpose shares the wait: one phone, one stream of messages
    await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'register' }, ip }).expect(429);
    p.clock.advance(40_000);
    await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip }).expect(200);
    expect(p.sent.filter((s) => s.phone === phone)).toHaveLength(2);
  });

  it('sends at most 5 codes per phone per hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip: newIp() }).expect(200);
      p.clock.advance(61_000);
    }
    const sixth = await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip: newIp() }).expect(429);
    expect(sixth.body.error.code).toBe('RATE_LIMITED');
    // the first code of the hour was 5 × 61 s ago: the window opens 3600 - 305 s later
    expect(sixth.body.data.retry_after).toBe(3600 - 305);
    expect(sixth.headers['retry-after']).toBe(String(3600 - 305));
    p.clock.advance((3600 - 305) * 1000 + 1000);
    await callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip: newIp() }).expect(200);
  });

  it('sends at most 20 codes per client address per hour', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      await callApi(p, authApi.otpRequest, { body: { phone: newPhone(), purpose: 'login' }, ip }).expect(200);
    }
    const res = await callApi(p, authApi.otpRequest, { body: { phone: newPhone(), purpose: 'login' }, ip }).expect(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(res.body.data.retry_after).toBeGreaterThan(3500);
    // another address is not affected
    await callApi(p, authApi.otpRequest, { body: { phone: newPhone(), purpose: 'login' }, ip: newIp() }).expect(200);
    expect(p.sent).toHaveLength(21);
  });

  it('keeps the caps under concurrent requests', async () => {
    const phone = newPhone();
    const samePhone = await Promise.all(Array.from({ length: 8 }, () => callApi(p, authApi.otpRequest, { body: { phone, purpose: 'login' }, ip: newIp() })));
    expect(samePhone.filter((r) => r.status === 200)).toHaveLength(1);
    expect(samePhone.filter((r) => r.status === 429)).toHaveLength(7);

    const ip = newIp();
    const sameIp = await Promise.all(Array.from({ length: 25 }, () => callApi(p, authApi.otpRequest, { body: { phone: newPhone(), purpose: 'login' }, ip })));
    expect(sameIp.filter((r) => r.status === 200)).toHaveLength(20);
    expect(sameIp.filter((r) => r.status === 429)).toHaveLength(5);
    const rows = await p.db.selectFrom('otp_codes').select('id').where('client_ip', '=', ip).execute();
    expect(rows).toHaveLength(20);
  });

  it('answers 502 when the message cannot be sent, and logs no code', async () => {
    const lines: string[] = [];
    const saved = { sender: p.ctx.sender, logger: p.ctx.logger };
    let sentBody = '';
    p.ctx.sender = {
      channel: { kind: 'twilio', from: '••••0100' },
      async send(_phone, body) {
        sentBody = body;
        throw new Error(`SMS gateway refused: ${body}`);
      },
    };
    p.ctx.logger = pino({ level: 'debug' }, { write: (l: string) => lines.push(l) });
    try {
      const res = await callApi(p, authApi.otpRequest, { body: { phone: newPhone(), purpose: 'login' }, ip: newIp() }).expect(502);
      expect(res.body.error.code).toBe('BAD_GATEWAY');
      const code = /\d{6}/.exec(sentBody)![0];
      expect(JSON.stringify(res.body)).not.toContain(code);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(code);
    } finally {
      Object.assign(p.ctx, saved);
    }
  });

  it('refuses bad input to otp/request with every field named', async () => {
    const cases: Array<[unknown, Record<string, string | RegExp>]> = [
      [undefined, { phone: 'is required', purpose: /./ }],
      [{}, { phone: 'is required', purpose: /./ }],
      [{ phone: 639171234567, purpose: 'login' }, { phone: /./ }],
      [{ phone: '0917 123 4567', purpose: 'signup' }, { purpose: /./ }],
      [{ phone: '1'.repeat(40), purpose: 'login' }, { phone: 'is too long' }],
      [{ phone: '12', purpose: 'login' }, { phone: /./ }],
      [
        { phone: ['0917 123 4567'], purpose: ['login'] },
        { phone: /./, purpose: /./ },
      ],
      [[1, 2], { body: /./ }],
    ];
    for (const [body, fields] of cases) {
      const res = await callApi(p, authApi.otpRequest, { body, ip: newIp() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields).sort()).toEqual(Object.keys(fields).sort());
      for (const [k, v] of Object.entries(fields)) expect(res.body.error.fields[k]).toMatch(v);
    }
    expect(p.sent).toHaveLength(0);
  });

  it('refuses bad input to otp/verify with every field named', async () => {
    const cases: Array<[unknown, string[]]> = [
      [undefined, ['code', 'phone', 'purpose']],
      [{ phone: '0917 123 4567', code: '12345', purpose: 'login' }, ['code']],
      [{ phone: '0917 123 4567', code: '1234567', purpose: 'login' }, ['code']],
      [{ phone: '0917 123 4567', code: 123456, purpose: 'login' }, ['code']],
      [{ phone: '0917 123 4567', code: '12a456', purpose: 'nope' }, ['code', 'purpose']],
      [{ phone: 'x'.repeat(5000), code: '123456', purpose: 'login' }, ['phone']],
      [{ phone: 'not a phone', code: '123456', purpose: 'login' }, ['phone']],
    ];
    for (const [body, fields] of cases) {
      const res = await callApi(p, authApi.otpVerify, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields).sort()).toEqual(fields);
    }
    const five = await callApi(p, authApi.otpVerify, { body: { phone: '0917 123 4567', code: '12345', purpose: 'login' } });
    expect(five.body.error.fields.code).toBe('must be 6 digits');
  });
});

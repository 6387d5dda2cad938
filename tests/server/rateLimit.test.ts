/** Rate limits: per IP on the sign-in calls, per caller on money-moving calls, answered with the 429 envelope. */
import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../contract';
import { startTestApp, type TestApp } from './support/app';
import { addProbe } from './support/probe';
import { bearer, NONCE_URL, signIn, TEST_HOST } from './support/siwe';

const pay = defineEndpoint({
  method: 'POST', prefix: 'web', path: '/test/pay', auth: true, moneyMoving: true, summary: 'probe',
  body: Type.Object({ amount: Type.String() }), response: Type.Object({ ok: Type.Boolean() }),
});
const browse = defineEndpoint({ method: 'GET', prefix: 'web', path: '/test/browse', auth: false, summary: 'probe', response: Type.Null() });

const AUTH_MAX = 5;
const MONEY_MAX = 3;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { rateLimit: { authMax: AUTH_MAX, moneyMax: MONEY_MAX, windowMs: 60_000 } } });
  addProbe(t.app, pay, async () => ({ ok: true }));
  addProbe(t.app, browse, async () => null);
});
afterAll(async () => t.close());

const nonce = (ip: string) => t.app.inject({ method: 'GET', url: NONCE_URL, remoteAddress: ip, headers: { host: TEST_HOST } });

describe('rate limits', () => {
  it('limits nonce requests per client IP and answers 429 with the envelope and Retry-After', async () => {
    for (let i = 0; i < AUTH_MAX; i += 1) expect((await nonce('10.1.1.1')).statusCode).toBe(200);
    const limited = await nonce('10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, errCode: 'TOO_MANY_REQUESTS', httpStatusCode: 429 });
    expect(limited.json().errMessage).toMatch(/^請求過於頻繁，請 \d+ 秒後再試$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await nonce('10.1.1.2')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per client IP', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/base/web/auth/sign-in/wallet', remoteAddress: '10.2.2.2', payload: { message: 'x', signature: `0x${'1'.repeat(130)}` } });
    for (let i = 0; i < AUTH_MAX; i += 1) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('limits every money-moving endpoint per caller, not per IP', async () => {
    const alice = await signIn(t.app, t.clock);
    const bob = await signIn(t.app, t.clock);
    const payAs = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/web/test/pay', headers: bearer(token), payload: { amount: '1' } });
    for (let i = 0; i < MONEY_MAX; i += 1) expect((await payAs(alice.token)).statusCode).toBe(200);
    expect((await payAs(alice.token)).json().errCode).toBe('TOO_MANY_REQUESTS');
    expect((await payAs(bob.token)).statusCode).toBe(200);
  });

  it('does not limit ordinary reads', async () => {
    for (let i = 0; i < MONEY_MAX + AUTH_MAX + 5; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/web/test/browse' })).statusCode).toBe(200);
    }
  });
});

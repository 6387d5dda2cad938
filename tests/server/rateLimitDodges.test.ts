/**
 * The rate limits cannot be dodged: re-spelling the Authorization header (`bearer X`, `BEARER X`,
 * `Bearer  X`) is the same caller, and a spoofed X-Forwarded-For per request is not a new client,
 * neither without a proxy nor behind one proxy (TRUST_PROXY=1) nor behind listed proxies.
 * TRUST_PROXY never means "trust everyone".
 */
import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../contract';
import { loadConfig } from '../../server/config';
import { parseTrustProxy } from '../../server/http/trustProxy';
import { startTestApp, type TestApp } from './support/app';
import { addProbe } from './support/probe';
import { NONCE_URL, signIn, TEST_HOST } from './support/siwe';

const AUTH_MAX = 4;
const MONEY_MAX = 3;
const limits = { rateLimit: { authMax: AUTH_MAX, moneyMax: MONEY_MAX, windowMs: 60_000 } };

const pay = defineEndpoint({
  method: 'POST', prefix: 'web', path: '/test/pay-dodge', auth: true, moneyMoving: true, summary: 'probe',
  body: Type.Object({ amount: Type.String() }), response: Type.Object({ ok: Type.Boolean() }),
});

let plain: TestApp;
let oneHop: TestApp;
let listed: TestApp;
beforeAll(async () => {
  plain = await startTestApp({ config: limits });
  addProbe(plain.app, pay, async () => ({ ok: true }));
  oneHop = await startTestApp({ config: { ...limits, trustProxy: parseTrustProxy('1') } });
  listed = await startTestApp({ config: { ...limits, trustProxy: parseTrustProxy('10.9.0.1, 10.8.0.0/16') } });
});
afterAll(async () => {
  await plain.close();
  await oneHop.close();
  await listed.close();
});

/** AUTH_MAX + 1 nonce requests from one socket address, each with a different forged client */
async function spoofedNonces(t: TestApp, socket: string, realClient?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= AUTH_MAX; i += 1) {
    const forged = `203.0.113.${i + 1}`;
    const forwarded = realClient ? `${forged}, ${realClient}` : forged;
    const response = await t.app.inject({ method: 'GET', url: NONCE_URL, remoteAddress: socket, headers: { host: TEST_HOST, 'x-forwarded-for': forwarded } });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('the money limit keys on the parsed session token', () => {
  it('counts `Bearer X`, `bearer X`, `BEARER X` and `Bearer  X` as one caller', async () => {
    const alice = await signIn(plain.app, plain.clock);
    const spellings = [`Bearer ${alice.token}`, `bearer ${alice.token}`, `BEARER ${alice.token}`, `Bearer  ${alice.token}`];
    const responses = [];
    for (const authorization of spellings) {
      responses.push(await plain.app.inject({ method: 'POST', url: '/api/v1/web/test/pay-dodge', headers: { authorization, host: TEST_HOST }, payload: { amount: '1' } }));
    }
    expect(responses.slice(0, MONEY_MAX).map((r) => r.statusCode)).toEqual(Array(MONEY_MAX).fill(200));
    const refused = responses[MONEY_MAX];
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errMessage).toMatch(/^請求過於頻繁，請 \d+ 秒後再試$/);
  });
});

describe('the sign-in limit keys on the real client address', () => {
  it('without TRUST_PROXY ignores X-Forwarded-For: a forged one per request does not reset the limit', async () => {
    const statuses = await spoofedNonces(plain, '10.3.3.3');
    expect(statuses.slice(0, AUTH_MAX).every((s) => s !== 429)).toBe(true);
    expect(statuses[AUTH_MAX]).toBe(429);
  });

  it('with TRUST_PROXY=1 takes the address the proxy appended (rightmost), not what the client wrote', async () => {
    const statuses = await spoofedNonces(oneHop, '10.0.0.1', '198.51.100.7');
    expect(statuses.slice(0, AUTH_MAX).every((s) => s !== 429)).toBe(true);
    expect(statuses[AUTH_MAX]).toBe(429);
    // another real client behind the same proxy is not limited
    const other = await oneHop.app.inject({ method: 'GET', url: NONCE_URL, remoteAddress: '10.0.0.1', headers: { host: TEST_HOST, 'x-forwarded-for': '198.51.100.8' } });
    expect(other.statusCode).not.toBe(429);
  });

  it('with listed proxies believes only them: behind one, the client is the first untrusted address; a direct caller is itself', async () => {
    const behind = await spoofedNonces(listed, '10.9.0.1', '198.51.100.9');
    expect(behind[AUTH_MAX]).toBe(429);
    const direct = await spoofedNonces(listed, '192.0.2.50');
    expect(direct[AUTH_MAX]).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
  });

  it.each(['true', '*', 'all', 'loopback', '10.0.0.0/33', 'proxy.example'])('refuses %s at start with a clear message', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be a number of proxy hops .* or a comma separated list of proxy addresses\/CIDRs/);
  });
});

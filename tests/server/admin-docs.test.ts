/**
 * The API document: in production (NODE_ENV=production) GET /api/docs/openapi.json answers a live
 * operator session's Bearer token only (401 to anyone else, a user's token included), while the
 * console reads the same document through GET /api/v1/admin/openapi.json; in development it
 * stays open to all.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { OPENAPI_PATH } from '../../server/http/openapi';
import { testConfig, startTestApp, type TestApp } from './support/app';
import { newUser, type MoneyUser } from './support/ledger';
import { ADMIN_API, opHeaders, signedInOperator, type SignedInOperator } from './support/operators';
import { bearer } from './support/siwe';

let t: TestApp;
let user: MoneyUser;
let support: SignedInOperator;
let production: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  user = await newUser(t.app, t.db, t.clock);
  support = await signedInOperator(t, 'support');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    production = buildApp({ db: t.db, config: testConfig(), clock: t.clock, logger: false });
  } finally {
    process.env.NODE_ENV = previous;
  }
  await production.ready();
});
afterAll(async () => {
  await production?.close();
  await t.close();
});

describe('in production', () => {
  it('refuses the document to visitors and to users with 401', async () => {
    const visitor = await production.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, errCode: 'UNAUTHORIZED' });
    expect(visitor.body).not.toMatch(/paths/);
    const asUser = await production.inject({ method: 'GET', url: OPENAPI_PATH, headers: bearer(user.token) });
    expect(asUser.statusCode).toBe(401);
    const forged = await production.inject({ method: 'GET', url: OPENAPI_PATH, headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.statusCode).toBe(401);
  });

  it('serves it to any live operator session, through the docs route and the console\'s call', async () => {
    const direct = await production.inject({ method: 'GET', url: OPENAPI_PATH, headers: opHeaders(support.token) });
    expect(direct.statusCode).toBe(200);
    expect(direct.json().openapi).toMatch(/^3\./);
    const viaConsole = await production.inject({ method: 'GET', url: `${ADMIN_API}/openapi.json`, headers: opHeaders(support.token) });
    expect(viaConsole.statusCode).toBe(200);
    expect(viaConsole.json().data).toEqual(direct.json());
  });

  it('refuses an operator session once it ended', async () => {
    const leaving = await signedInOperator(t, 'support');
    expect((await production.inject({ method: 'GET', url: OPENAPI_PATH, headers: opHeaders(leaving.token) })).statusCode).toBe(200);
    expect((await production.inject({ method: 'POST', url: `${ADMIN_API}/auth/sign-out`, headers: opHeaders(leaving.token) })).statusCode).toBe(200);
    expect((await production.inject({ method: 'GET', url: OPENAPI_PATH, headers: opHeaders(leaving.token) })).statusCode).toBe(401);
  });
});

describe('in development', () => {
  it('the document stays open to all', async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/v1/admin/dashboard']).toBeDefined();
  });
});

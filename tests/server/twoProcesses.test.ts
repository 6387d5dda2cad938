/**
 * Two app instances on one database, each with its own connection, behave as one server: a nonce
 * issued by one is accepted by the other, a token works on both, and sign-out on one revokes it
 * on the other (nothing about sessions lives in process memory).
 */
import type { FastifyInstance } from 'fastify';
import { Wallet } from 'ethers';
import { buildApp } from '../../server/app';
import { createDb, type Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { testConfig } from './support/app';
import { FakeClock } from './support/clock';
import { createTestDb, type TestDb } from './support/db';
import { bearer, buildMessage, fetchNonce, postSignIn, PROFILE_URL, SIGN_OUT_URL } from './support/siwe';

let testDb: TestDb;
let secondDb: Db;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = new FakeClock();

beforeAll(async () => {
  testDb = await createTestDb();
  await migrateToLatest(testDb.db);
  secondDb = createDb(testDb.options);
  a = buildApp({ db: testDb.db, config: testConfig(), clock, logger: false });
  b = buildApp({ db: secondDb, config: testConfig(), clock, logger: false });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await secondDb.destroy();
  await testDb.cleanup();
});

describe('two server processes on one database', () => {
  it('share nonces and sessions', async () => {
    const wallet = Wallet.createRandom();
    const message = buildMessage({ address: wallet.address, nonce: await fetchNonce(a) }, clock);
    const signature = await wallet.signMessage(message);
    const signedIn = await postSignIn(b, { message, signature });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().data.token as string;

    expect((await postSignIn(a, { message, signature })).json().errCode).toBe('SIWE_NONCE_INVALID');
    expect((await a.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(token) })).json().data.address).toBe(wallet.address);

    expect((await a.inject({ method: 'POST', url: SIGN_OUT_URL, headers: bearer(token) })).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(token) })).statusCode).toBe(401);
  });
});

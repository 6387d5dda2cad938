/**
 * Sessions' last uses are written off the request path (server/auth/sessionTouches.ts): a request
 * notes the use, a flush writes it (never back in time), closing the app writes the rest. The idle
 * limit holds where it is checked, and two processes on one database (two apps here) agree once a
 * use is written; a session kept alive by a use another process has not written yet is still listed
 * and still ended by "end my other sessions". On SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/sessionCore';
import { flushIntervalFor, SessionTouches, USES_PER_STATEMENT } from '../../server/auth/sessionTouches';
import { startTestApp, type TestApp } from './support/app';
import { HOUR, MINUTE } from './support/clock';
import { bearer, PROFILE_URL, signIn } from './support/siwe';
import { statementsRunBy } from './support/statements';

const IDLE = 2 * HOUR;
const SESSIONS_URL = '/api/v1/base/web/auth/sessions';
const END_OTHERS_URL = '/api/v1/base/web/auth/sessions/end-others';

let t: TestApp;
/** a second process on the same database */
let other: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ config: { tokenIdleTtlMs: IDLE } });
  other = buildApp({ db: t.db, config: t.config, clock: t.clock, logger: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const profile = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(token) });
const stored = async (token: string) =>
  Number((await t.db.selectFrom('auth_sessions').select('last_used_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).last_used_at);
const sessionId = async (token: string) => (await t.db.selectFrom('auth_sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).id;

it('writes a noted use at the flush, never moving a later stored use back', async () => {
  const { token } = await signIn(t.app, t.clock);
  const id = await sessionId(token);
  const signedInAt = t.clock.now();
  const touches = new SessionTouches(t.db, 'auth_sessions', flushIntervalFor(IDLE));
  touches.note(id, signedInAt + MINUTE);
  expect(await stored(token)).toBe(signedInAt);
  expect(touches.lastUse(id, signedInAt)).toBe(signedInAt + MINUTE);
  await touches.flush();
  expect(await stored(token)).toBe(signedInAt + MINUTE);

  // another process wrote a later use meanwhile: an earlier one noted here does not undo it
  await t.db.updateTable('auth_sessions').set({ last_used_at: BigInt(signedInAt + 3 * MINUTE) }).where('id', '=', id).execute();
  touches.note(id, signedInAt + 2 * MINUTE);
  await touches.close();
  expect(await stored(token)).toBe(signedInAt + 3 * MINUTE);
});

it('writes a minute\'s thousands of uses a few statements long, each use over an earlier one only', async () => {
  const { token } = await signIn(t.app, t.clock);
  const userId = (await t.db.selectFrom('auth_sessions').select('user_id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).user_id;
  const now = t.clock.now();
  const count = 2 * USES_PER_STATEMENT + 7;
  const ids: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const session = await createSession(t.db, userId, now, { tokenIdleTtlMs: IDLE, tokenAbsoluteTtlMs: 24 * HOUR }, { userAgent: 'test', ip: '127.0.0.1' });
    ids.push(await sessionId(session.token));
  }
  // another process wrote a later use of every tenth session meanwhile
  const later = ids.filter((_, i) => i % 10 === 0);
  await t.db.updateTable('auth_sessions').set({ last_used_at: BigInt(now + 5 * MINUTE) }).where('id', 'in', later).execute();
  const touches = new SessionTouches(t.db, 'auth_sessions', flushIntervalFor(IDLE));
  ids.forEach((id, i) => touches.note(id, now + MINUTE + i));

  const ran = await statementsRunBy(t.testDb.kind, () => touches.flush());
  expect(ran.filter((statement) => /^update "auth_sessions"/.test(statement))).toHaveLength(3);
  const stored = new Map((await t.db.selectFrom('auth_sessions').select(['id', 'last_used_at']).where('id', 'in', ids).execute()).map((row) => [row.id, Number(row.last_used_at)]));
  ids.forEach((id, i) => expect({ i, at: stored.get(id) }).toEqual({ i, at: i % 10 === 0 ? now + 5 * MINUTE : now + MINUTE + i }));
  // all written, none left for the next flush
  expect(await statementsRunBy(t.testDb.kind, () => touches.flush())).toEqual([]);
});

it('flushes every tenth of the idle limit, at most a minute and at least a second apart', () => {
  expect(flushIntervalFor(24 * HOUR)).toBe(MINUTE);
  expect(flushIntervalFor(5 * MINUTE)).toBe(30_000);
  expect(flushIntervalFor(0)).toBe(1_000);
});

it('a use keeps the session alive in the process that noted it, and expires it at the idle limit after that use, before any write', async () => {
  const { token } = await signIn(t.app, t.clock);
  const signedInAt = await stored(token);
  t.clock.advance(IDLE - MINUTE);
  expect((await profile(t.app, token)).statusCode).toBe(200);
  t.clock.advance(IDLE - MINUTE);
  expect((await profile(t.app, token)).statusCode).toBe(200);
  expect(await stored(token)).toBe(signedInAt);
  t.clock.advance(IDLE);
  expect((await profile(t.app, token)).json().errCode).toBe('TOKEN_EXPIRED');
});

it('another process counts a use once it is written, and closing a process writes its uses', async () => {
  const third = buildApp({ db: t.db, config: t.config, clock: t.clock, logger: false });
  const { token } = await signIn(t.app, t.clock);
  t.clock.advance(IDLE - MINUTE);
  expect((await profile(third, token)).statusCode).toBe(200);
  await third.close();
  t.clock.advance(IDLE - MINUTE);
  expect((await profile(other, token)).statusCode).toBe(200);
});

it('lists and ends a session kept alive only by a use another process has not written yet', async () => {
  const kept = await signIn(t.app, t.clock);
  t.clock.advance(IDLE - MINUTE);
  // used through the other process near its idle limit: the stored use is soon past it
  expect((await profile(other, kept.token)).statusCode).toBe(200);
  t.clock.advance(2 * MINUTE);
  const current = await signIn(t.app, t.clock, { wallet: kept.wallet });
  const listedByOther = (await other.inject({ method: 'GET', url: SESSIONS_URL, headers: bearer(current.token) })).json().data as { current: boolean }[];
  expect(listedByOther).toHaveLength(2);

  const ended = await t.app.inject({ method: 'POST', url: END_OTHERS_URL, headers: bearer(current.token) });
  expect(ended.json()).toMatchObject({ success: true, data: { ended: 1 } });
  expect((await profile(other, kept.token)).statusCode).toBe(401);
  expect((await profile(t.app, current.token)).statusCode).toBe(200);
});

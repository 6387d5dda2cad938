/**
 * No hot rows: a system account (fees, deposits, commissions, …) is spread over
 * SYSTEM_SHARDS rows, and a posting's system lines go to the shard of its first user
 * (server/ledger/post.ts), so money transactions of different users rarely wait on one row lock.
 * A system account's balance is the sum of its shards (`systemBalance`, ledger:check's
 * `systemBalances`), and the ledger's invariants mean what they meant.
 * SQLite, and PostgreSQL when DATABASE_URL is set (where row locks exist: SQLite has one writer).
 */
import { sql } from 'kysely';
import { SYSTEM_SHARDS, systemOwner, systemOwnerKeys, userOwner } from '../../server/ledger/accounts';
import { systemBalance } from '../../server/ledger/balances';
import { checkLedger } from '../../server/ledger/invariants';
import { post } from '../../server/ledger/post';
import { ledgerCheck } from '../../server/ops/ledgerCheck';
import { startTestApp, type TestApp } from './support/app';
import { newUser, type MoneyUser } from './support/ledger';

let t: TestApp;
/** users whose ids cover every shard, and one more on the first user's shard */
let users: MoneyUser[];

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  users = [];
  for (let i = 0; i <= SYSTEM_SHARDS; i += 1) users.push(await newUser(t.app, t.db, t.clock, { payPassword: null }));
});

afterAll(async () => {
  await t?.close();
});

const shardOf = (user: MoneyUser) => Number(user.userId % BigInt(SYSTEM_SHARDS));

/** 1 USDT from the deposits system account to `user`, in a transaction of its own or `trx`'s */
const credit = (trx: Parameters<typeof post>[0], user: MoneyUser) =>
  post(trx, {
    ref: `hot-rows:${user.userId}:${Math.random()}`,
    now: t.clock.now(),
    lines: [
      { owner: userOwner(user.userId), currency: 'USDT', amount: 100_000_000n, type: 'deposit' },
      { owner: systemOwner('deposits'), currency: 'USDT', amount: -100_000_000n, type: 'deposit' },
    ],
  });

describe('system accounts on shards', () => {
  it("puts a posting's system line on its first user's shard, and sums the shards for the balance", async () => {
    const before = await systemBalance(t.db, 'deposits', 'USDT');
    for (const user of users) {
      const [, system] = await t.db.transaction().execute((trx) => credit(trx, user));
      const account = await t.db.selectFrom('ledger_accounts').select('owner').where('id', '=', system.accountId).executeTakeFirstOrThrow();
      expect({ user: String(user.userId), owner: account.owner }).toEqual({ user: String(user.userId), owner: systemOwnerKeys('deposits')[shardOf(user)] });
    }
    // every shard was used: the users cover all of them
    const shards = await t.db.selectFrom('ledger_accounts').select('owner').where('owner', 'in', systemOwnerKeys('deposits')).where('currency', '=', 'USDT').execute();
    expect(shards.map((row) => row.owner).sort()).toEqual([...systemOwnerKeys('deposits')].sort());
    expect(await systemBalance(t.db, 'deposits', 'USDT')).toBe(before - BigInt(users.length) * 100_000_000n);

    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
    expect(report.systemBalances.deposits.USDT).toBe(await systemBalance(t.db, 'deposits', 'USDT'));
    const printed: unknown[] = [];
    expect(await ledgerCheck.run([], { db: t.db, clock: t.clock, print: (value) => printed.push(value) })).toBe(0);
    expect(printed[0]).toMatchObject({ ok: true, systemBalances: { deposits: { USDT: expect.stringMatching(/^-[0-9]+$/) } } });
  });

  // row locks exist on PostgreSQL only: SQLite lets one writer in at a time, whatever the rows
  if (process.env.DATABASE_URL) {
    it('PostgreSQL: a posting on another shard does not wait for an open one; on the same shard it does', async () => {
      const [first, other] = users;
      const sameShard = users.find((user) => user !== first && shardOf(user) === shardOf(first))!;
      expect(shardOf(other)).not.toBe(shardOf(first));
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // a money transaction of `first` that has locked its rows and has not committed yet
      const open = t.db.transaction().execute(async (trx) => {
        await credit(trx, first);
        locked();
        await held;
      });
      await isLocked;
      const withinOneSecond = (user: MoneyUser) =>
        t.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          await credit(trx, user);
        });
      try {
        await expect(withinOneSecond(other)).resolves.toBeUndefined();
        await expect(withinOneSecond(sameShard)).rejects.toMatchObject({ code: '55P03' });
      } finally {
        release();
        await open;
      }
      expect((await checkLedger(t.db)).problems).toEqual([]);
    });
  }
});

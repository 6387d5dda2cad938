/**
 * A ledger reference names one money operation, posted exactly once: the database refuses a second
 * transaction with the same `ref` (a unique index), a code path that meets that refusal answers 409
 * and moves nothing, and the migration adding the index refuses a database that holds a reference
 * twice, naming it. On SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { sql } from 'kysely';
import { isUniqueViolation } from '../../server/db';
import * as refUnique from '../../server/db/migrations/0200_ledger_ref_unique';
import { systemBalance } from '../../server/ledger/balances';
import { checkLedger } from '../../server/ledger/invariants';
import { MARCH_FIRST_NOON, balance } from './products.fixture';
import { insertSku, newBuyer, orderApi, stockOf } from './mall.fixture';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MARCH_FIRST_NOON);
});
afterAll(async () => t.close());

const insertRef = (ref: string) => t.db.insertInto('ledger_transactions').values({ ref, created_at: BigInt(t.clock.now()) }).returning('id').executeTakeFirstOrThrow();
const count = async (table: 'ledger_entries' | 'ledger_transactions') => Number((await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

it('the database itself refuses a second ledger transaction with the same reference', async () => {
  await insertRef('test:once');
  const second = insertRef('test:once');
  await expect(second).rejects.toThrow();
  expect(isUniqueViolation(await second.catch((error: unknown) => error))).toBe(true);
  expect(await t.db.selectFrom('ledger_transactions').select('id').where('ref', '=', 'test:once').execute()).toHaveLength(1);
});

it('a payment whose reference was posted already is refused whole: 409, the order unpaid, no money moved', async () => {
  const buyer = await newBuyer(t, '100');
  const skuId = await insertSku(t, { price: '30', stock: 5 });
  const api = orderApi(t);
  const order = (await api.create(buyer, skuId, 1)).body.data;
  // the payment's reference, taken by a posting that slipped past every check in code
  await insertRef(`mall-order:${order.id}:pay`);
  const [entries, transactions, mall, stock] = [await count('ledger_entries'), await count('ledger_transactions'), await systemBalance(t.db, 'mall', 'USDT'), await stockOf(t, skuId)];

  const paid = await api.pay(buyer, order.id);
  expect(paid.status).toBe(409);
  expect(paid.body).toMatchObject({ errCode: 'CONFLICT', errKey: 'ledger.alreadyPosted', errMessage: '此筆款項已入帳，未再執行' });
  expect((await api.detail(buyer, order.id)).body.data.status).toBe('unpaid');
  expect(await balance(t, buyer.id, 'USDT')).toMatchObject({ available: 100_00000000n, frozen: 0n });
  expect([await count('ledger_entries'), await count('ledger_transactions'), await systemBalance(t.db, 'mall', 'USDT'), await stockOf(t, skuId)]).toEqual([entries, transactions, mall, stock]);
  expect((await checkLedger(t.db)).ok).toBe(true);
});

describe('the migration adding the constraint', () => {
  afterEach(async () => {
    await t.db.schema.dropIndex('ledger_transactions_ref').ifExists().execute();
    await refUnique.up(t.db);
  });

  it('refuses a database holding a reference twice, naming the reference and its transactions', async () => {
    await refUnique.down(t.db);
    const first = await insertRef('transfer:twice');
    const second = await insertRef('transfer:twice');
    const refused = refUnique.up(t.db);
    await expect(refused).rejects.toBeInstanceOf(refUnique.DuplicateLedgerRefsError);
    await expect(refused).rejects.toThrow(`transfer:twice (ledger transactions ${first.id}, ${second.id})`);
    // nothing half-done: no index was made, so an operator's rename lets it through
    await t.db.updateTable('ledger_transactions').set({ ref: sql`ref || '#' || id` }).where('id', '=', second.id).execute();
    await expect(refUnique.up(t.db)).resolves.toBeUndefined();
    await expect(insertRef('transfer:twice')).rejects.toThrow();
  });
});

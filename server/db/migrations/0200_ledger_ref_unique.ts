/**
 * `ledger_transactions.ref` unique: a reference names one money operation, so the database itself
 * refuses to post it twice, whatever a code path forgets to check (`post` answers that refusal with
 * 409 CONFLICT and its transaction rolls back whole).
 *
 * Every reference the code posts already names its operation by the id of a row that exists once,
 * so none repeats legitimately and none needed a new form:
 * - `transfer:<id>`, `convert:<id>`, `power-order:<id>`, `finance-order:<id>`, `power-exchange:<id>`:
 *   the id of the row the posting's transaction inserts;
 * - `mall-order:<id>:pay` and `mall-order:<id>:refund` (the buyer's cancel and the operator's refund
 *   alike): the order's status moves once, under its row lock;
 * - `withdraw:<id>:freeze` and one release (the settle or the return, `…:release`; older rows
 *   `…:settle`, `…:cancel`, `…:failed`, `…:reject:<operator>`): conditional status changes, each at
 *   most once per withdrawal;
 * - `chain:deposit:<network>:<tx>:<log>` and `ops:deposit:credit:<operator>:<network>:<tx>` (a hand
 *   credit is log -1): the deposit row, unique by network + tx hash + log index, is inserted first;
 * - `settle:finance-redeem:<order>` and `commission:<what paid it>`: the order's redeemed_at is set
 *   once; commission once per purchase or finance order;
 * - `settle:power|finance:<first>-<last>:<day>`, one per settlement batch: the first and last order
 *   paid are orders whose (order, day) row that batch inserted, and that row is unique, so a re-run
 *   of the day, or a batch of other orders, cannot name the same pair.
 *
 * A database holding a reference twice is refused, naming the references and their transactions,
 * rather than renamed: no code path of today writes a duplicate, so one means an operation was posted
 * twice (a bug, or a hand-made insert) and money may have moved twice. Renaming would hide exactly
 * what this constraint exists to catch; an operator checks those postings (`npm run ops --
 * ledger:check`, their entries), corrects any with a new posting, gives each later transaction a
 * reference of its own (e.g. `update ledger_transactions set ref = ref || '#' || id where id in (…)`;
 * this table is not append-only, its entries are) and starts the server again.
 */
import { sql, type Kysely } from 'kysely';

/** how many duplicated references the refusal names; the rest are counted */
const NAMED = 20;

/** the references held more than once, each with its transactions' ids */
async function duplicatedRefs(db: Kysely<any>): Promise<{ ref: string; ids: string }[]> {
  const refs = await db.selectFrom('ledger_transactions').select('ref').groupBy('ref').having(sql`count(*)`, '>', 1).orderBy('ref').execute();
  if (!refs.length) return [];
  const rows = await db.selectFrom('ledger_transactions').select(['ref', 'id']).where('ref', 'in', refs.slice(0, NAMED).map((row) => row.ref)).orderBy('id').execute();
  return refs.map(({ ref }) => ({ ref, ids: rows.filter((row) => row.ref === ref).map((row) => String(row.id)).join(', ') }));
}

export class DuplicateLedgerRefsError extends Error {
  constructor(duplicates: { ref: string; ids: string }[]) {
    const total = duplicates.length;
    const list = duplicates.slice(0, NAMED).map(({ ref, ids }) => `  ${ref} (ledger transactions ${ids})`).join('\n');
    super(
      `ledger_transactions.ref cannot be made unique: ${total} reference(s) name more than one ledger transaction, ` +
        `so an operation may have been posted twice:\n${list}${total > NAMED ? `\n  … and ${total - NAMED} more` : ''}\n` +
        'Check those postings (npm run ops -- ledger:check, their ledger_entries), correct any with a new posting, then give each later ' +
        "transaction a reference of its own (update ledger_transactions set ref = ref || '#' || id where id in (…)) and start again.",
    );
    this.name = 'DuplicateLedgerRefsError';
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const duplicates = await duplicatedRefs(db);
  if (duplicates.length) throw new DuplicateLedgerRefsError(duplicates);
  await db.schema.createIndex('ledger_transactions_ref').unique().on('ledger_transactions').column('ref').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_transactions_ref').execute();
}

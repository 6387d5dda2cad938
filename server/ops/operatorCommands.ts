/**
 * Operators and the audit log from the server's command line (the first admin is added here; later
 * ones by admins in the console, with a second admin's confirmation):
 *   operator:add    --address 0x… --role support|reviewer|finance|admin [--reason TEXT] [--operator NAME]
 *   operator:list
 *   operator:update ID [--role ROLE] [--enable | --disable] --reason TEXT [--operator NAME]
 *   audit:list      [--actor A] [--action A] [--target T] [--from ISO] [--to ISO] [--limit 100]
 * Changes are audited as from the command line ('cli', the --operator name or the OS user).
 */
import { parseArgs } from 'node:util';
import { isOperatorRole, OPERATOR_ROLES } from '../../contract/rules/operators';
import { cliActor } from '../operators/actor';
import { listAudit } from '../operators/auditQuery';
import { addOperator, describeOperator, listOperators, updateOperator } from '../operators/operators';
import { decisionArgs, operatorArgs, type OpsCommand } from './command';

function role(value: string | undefined): (typeof OPERATOR_ROLES)[number] {
  if (!value || !isOperatorRole(value)) throw new Error(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  return value;
}

const printable = (row: Parameters<typeof describeOperator>[0]) => {
  const view = describeOperator(row);
  return { ...view, createdAt: new Date(view.createdAt).toISOString() };
};

export const operatorAdd: OpsCommand = {
  usage: 'operator:add --address 0x… --role support|reviewer|finance|admin [--reason TEXT] [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({ args, options: { address: { type: 'string' }, role: { type: 'string' }, reason: { type: 'string' }, operator: { type: 'string' } }, strict: true });
    if (!values.address) throw new Error('missing --address');
    const { operator, reason } = operatorArgs(values.operator ? ['--operator', values.operator] : [], false);
    const row = await db.transaction().execute((trx) =>
      addOperator(trx, { address: values.address!, role: role(values.role) }, { actor: cliActor(operator), now: clock.now(), reason: (values.reason ?? reason).trim().slice(0, 200) }),
    );
    print(printable(row));
    return 0;
  },
};

export const operatorList: OpsCommand = {
  usage: 'operator:list',
  async run(args, { db, print }) {
    parseArgs({ args, options: {}, strict: true });
    for (const row of await listOperators(db)) print(printable(row));
    return 0;
  },
};

export const operatorUpdate: OpsCommand = {
  usage: 'operator:update ID [--role ROLE] [--enable | --disable] --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values, tokens } = parseArgs({ args, options: { role: { type: 'string' }, enable: { type: 'boolean' }, disable: { type: 'boolean' } }, strict: false, allowPositionals: true, tokens: true });
    if (values.enable && values.disable) throw new Error('--enable or --disable, not both');
    const rest = tokens.filter((token) => token.kind !== 'option' || !['role', 'enable', 'disable'].includes(token.name));
    const restArgs = rest.flatMap((token) => (token.kind === 'positional' ? [token.value] : token.kind === 'option' ? [token.rawName, ...(token.value === undefined ? [] : [token.value])] : []));
    const { id, operator, reason } = decisionArgs(restArgs, 'operator', true);
    const change = { ...(values.role !== undefined ? { role: role(values.role as string) } : {}), ...(values.enable ? { enabled: true } : values.disable ? { enabled: false } : {}) };
    const row = await db.transaction().execute((trx) => updateOperator(trx, id, change, { actor: cliActor(operator), now: clock.now(), reason }));
    print(printable(row));
    return 0;
  },
};

export const auditList: OpsCommand = {
  usage: 'audit:list [--actor A] [--action A] [--target T] [--from ISO] [--to ISO] [--limit 100]',
  async run(args, { db, print }) {
    const { values } = parseArgs({
      args, options: { actor: { type: 'string' }, action: { type: 'string' }, target: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, limit: { type: 'string' } }, strict: true,
    });
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error('--limit must be a whole number from 1 to 100');
    for (const time of [values.from, values.to]) if (time !== undefined && Number.isNaN(Date.parse(time))) throw new Error(`not a date: ${time}`);
    const { list } = await listAudit(db, { ...values, pageSize: limit, page: 1 });
    for (const row of list) {
      print({
        id: String(row.id), at: new Date(Number(row.created_at)).toISOString(), source: row.source, actor: row.actor, role: row.role, action: row.action, target: row.target,
        reason: row.reason, before: row.before_json === null ? null : JSON.parse(row.before_json), after: row.after_json === null ? null : JSON.parse(row.after_json), requestId: row.request_id,
      });
    }
    return 0;
  },
};

export const OPERATOR_OPS_COMMANDS: Record<string, OpsCommand> = {
  'operator:add': operatorAdd,
  'operator:list': operatorList,
  'operator:update': operatorUpdate,
  'audit:list': auditList,
};

/**
 * Operators from the command line: the first admin (who can then sign in to the console), role and
 * enabled changes, and `audit:list`; each change is in the audit log marked as from the command line.
 */
import { Wallet } from 'ethers';
import { OPERATOR_OPS_COMMANDS } from '../../server/ops/operatorCommands';
import type { OpsCommand } from '../../server/ops/command';
import { startTestApp, type TestApp } from './support/app';
import { ADMIN_API, operatorSignIn, opHeaders } from './support/operators';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function ops(name: string, args: string[]): Promise<Array<Record<string, unknown>>> {
  const printed: Array<Record<string, unknown>> = [];
  const command: OpsCommand = OPERATOR_OPS_COMMANDS[name];
  expect(await command.run(args, { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) })).toBe(0);
  return printed;
}

it('adds the first admin, who signs in to the console; audited as from the command line', async () => {
  const wallet = Wallet.createRandom();
  const [added] = await ops('operator:add', ['--address', wallet.address.toLowerCase(), '--role', 'admin', '--operator', 'root-ops', '--reason', '首位管理员']);
  expect(added).toMatchObject({ address: wallet.address, role: 'admin', enabled: true, addedBy: 'cli:root-ops' });
  const token = await operatorSignIn(t, wallet);
  const me = await t.app.inject({ method: 'GET', url: `${ADMIN_API}/me`, headers: opHeaders(token) });
  expect(me.json().data.operator.role).toBe('admin');
  const [entry] = await ops('audit:list', ['--target', `operator:${wallet.address}`]);
  expect(entry).toMatchObject({ source: 'cli', actor: 'root-ops', role: 'cli', action: 'operator.add', reason: '首位管理员', requestId: 'cli', after: { role: 'admin', enabled: true } });
});

it('refuses a bad role, a bad address and an address added twice', async () => {
  const address = Wallet.createRandom().address;
  const run = (args: string[]) => OPERATOR_OPS_COMMANDS['operator:add'].run(args, { db: t.db, clock: t.clock, print: () => {} });
  await expect(run(['--address', address, '--role', 'root'])).rejects.toThrow(/--role must be one of/);
  await expect(run(['--address', '0x1234', '--role', 'support'])).rejects.toThrow();
  await ops('operator:add', ['--address', address, '--role', 'support']);
  await expect(run(['--address', address, '--role', 'finance'])).rejects.toMatchObject({ code: 'CONFLICT' });
});

it('changes a role and disables an operator, never the last admin', async () => {
  const wallet = Wallet.createRandom();
  const [added] = await ops('operator:add', ['--address', wallet.address, '--role', 'support']);
  const [changed] = await ops('operator:update', [String(added.id), '--role', 'finance', '--reason', '调岗']);
  expect(changed).toMatchObject({ role: 'finance', enabled: true });
  const [disabled] = await ops('operator:update', [String(added.id), '--disable', '--reason', '离职', '--operator', 'hr']);
  expect(disabled.enabled).toBe(false);
  const entries = await ops('audit:list', ['--target', `operator:${wallet.address}`, '--action', 'operator.update']);
  expect(entries.map((e) => [e.actor, e.reason, e.before, e.after])).toEqual([
    ['hr', '离职', { role: 'finance', enabled: true }, { role: 'finance', enabled: false }],
    [expect.any(String), '调岗', { role: 'support', enabled: true }, { role: 'finance', enabled: true }],
  ]);
  const admins = await ops('operator:list', []);
  const onlyAdmin = admins.filter((row) => row.role === 'admin' && row.enabled);
  expect(onlyAdmin).toHaveLength(1);
  await expect(OPERATOR_OPS_COMMANDS['operator:update'].run([String(onlyAdmin[0].id), '--disable', '--reason', 'x'], { db: t.db, clock: t.clock, print: () => {} }))
    .rejects.toMatchObject({ code: 'CONFLICT' });
});

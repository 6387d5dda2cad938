/**
 * @jest-environment node
 *
 * `npm test` sets up what it needs on a fresh machine (scripts/testSetup.mjs). The module is plain
 * ESM run by Node, so each case runs it in a child `node` process, as `npm test` does.
 */
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../projectCommand';


/** Runs `body` as an ES module with `setup` bound to scripts/testSetup.mjs; answers what it printed as JSON. */
function run(body: string): unknown {
  const script = `import * as setup from './scripts/testSetup.mjs';\n${body}`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 120_000 });
  if (child.status !== 0) throw new Error(`child failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? 'null');
}

describe('npm test set-up', () => {
  it('lists the packages the chosen suites need and the machine lacks, and only those', () => {
    const missing = run(`
      const needs = [
        { pkg: 'chromium', present: () => false, suites: ['e2e'] },
        { pkg: 'fonts-noto-cjk', present: () => true, suites: ['e2e'] },
        { pkg: 'redis-server', present: () => false, suites: ['server-sqlite'] },
      ];
      console.log(JSON.stringify([setup.missingPackages(['e2e'], needs), setup.missingPackages(['unit'], needs), setup.missingPackages(['e2e', 'server-sqlite'], needs)]));
    `);
    expect(missing).toEqual([['chromium'], [], ['chromium', 'redis-server']]);
  });

  it('when it may not install (not root), stops naming exactly what to install', () => {
    const answer = run(`
      const lines = [];
      const ok = setup.installPackages(['chromium', 'fonts-noto-cjk'], { log: (line) => lines.push(line), isRoot: false, debian: true });
      console.log(JSON.stringify({ ok, lines }));
    `) as { ok: boolean; lines: string[] };
    expect(answer.ok).toBe(false);
    expect(answer.lines.join('\n')).toContain('sudo apt-get install -y --no-install-recommends chromium fonts-noto-cjk');
  });

  it('has nothing to do when nothing is missing', () => {
    expect(run(`console.log(JSON.stringify(setup.installPackages([], { log: () => { throw new Error('said something'); } })))`)).toBe(true);
  });

  it('with no PostgreSQL at the address, starts an embedded one that answers, and stop removes it', () => {
    const answer = run(`
      import pg from 'pg';
      const lines = [];
      // nothing listens on port 1
      const server = await setup.postgresForTests('postgres://postgres@127.0.0.1:1/test', { log: (line) => lines.push(line) });
      const client = new pg.Client(server.url);
      await client.connect();
      const { rows } = await client.query('SELECT current_database() AS db, 1 + 1 AS two');
      await client.end();
      await server.stop();
      const after = await setup.postgresAnswers(server.url);
      console.log(JSON.stringify({ url: server.url, rows, after, lines }));
    `) as { url: string; rows: { db: string; two: number }[]; after: boolean; lines: string[] };
    expect(answer.url).not.toContain(':1/');
    expect(answer.rows).toEqual([{ db: 'test', two: 2 }]);
    expect(answer.after).toBe(false);
    expect(answer.lines.join('\n')).toContain('starting an embedded one');
  });
});

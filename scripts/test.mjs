#!/usr/bin/env node
/**
 * `npm test`: the type check (`tsc --noEmit`), ESLint (zero warnings), then every suite, in order: unit (jsdom), server on
 * SQLite, server on PostgreSQL, end-to-end in Chromium. Prints one closing line "N passed, N failed" over all of them and
 * exits non-zero when anything failed or a suite could not run.
 *
 * Set-up (scripts/testSetup.mjs): missing system packages are installed (root on Debian) or named,
 * and the run stops; PostgreSQL is TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test)
 * when it answers, else an embedded one started for the run.
 * Extra arguments are passed to every jest run (e.g. a test name pattern).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPackages, missingPackages, postgresForTests } from './testSetup.mjs';

const only = process.env.TEST_SUITES ? process.env.TEST_SUITES.split(',') : null;
const extra = process.argv.slice(2);
const outDir = mkdtempSync(join(tmpdir(), 'powerfi-test-'));

const suites = [
  { name: 'unit', config: 'jest.config.js', env: {} },
  // each server test file has a database of its own (tests/server/support/db.ts): files run in parallel (jest.server.config.js)
  { name: 'server-sqlite', config: 'jest.server.config.js', env: { DATABASE_URL: '' } },
  { name: 'server-postgres', config: 'jest.server.config.js', env: {} },
  // two files at a time (jest.e2e.config.js)
  { name: 'e2e', config: 'jest.e2e.config.js', env: {} },
].filter((s) => !only || only.includes(s.name));

const missing = missingPackages(suites.map((suite) => suite.name));
if (!installPackages(missing)) process.exit(1);
const postgres = suites.some((suite) => suite.name === 'server-postgres')
  ? await postgresForTests(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test')
  : null;
if (postgres) suites.find((suite) => suite.name === 'server-postgres').env.DATABASE_URL = postgres.url;

let passed = 0;
let failed = 0;
let broken = [];

if (!only || only.includes('typecheck')) {
  console.log('\n=== typecheck ===');
  // tsconfig.json extends Umi's generated one; `npm install` makes it (postinstall), this covers a tree without it
  if (!existsSync('src/.umi/tsconfig.json')) spawnSync('npx', ['max', 'setup'], { stdio: 'inherit' });
  const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' });
  if (tsc.status !== 0) broken.push('typecheck');
}
if (!only || only.includes('lint')) {
  console.log('\n=== lint ===');
  // eslint.config.mjs; any warning fails the run
  const lint = spawnSync('npx', ['eslint', '.', '--max-warnings', '0'], { stdio: 'inherit' });
  if (lint.status !== 0) broken.push('lint');
}
for (const suite of suites) {
  const out = join(outDir, `${suite.name}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const args = ['jest', '-c', suite.config, '--json', `--outputFile=${out}`, ...extra];
  const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...suite.env, FORCE_COLOR: '0' } });
  if (!existsSync(out)) {
    broken.push(suite.name);
    continue;
  }
  const result = JSON.parse(readFileSync(out, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  if (run.status !== 0 || result.numRuntimeErrorTestSuites > 0) broken.push(suite.name);
}

await postgres?.stop();
if (broken.length) console.log(`\nsuites with failures: ${broken.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);

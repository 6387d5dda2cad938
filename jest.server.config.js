/**
 * Server integration tests (node). Run once on SQLite (default) and once on PostgreSQL with
 * DATABASE_URL set; see scripts/test.mjs. Each file has a database of its own (a SQLite file, a
 * PostgreSQL schema), so files run in parallel.
 */
const { createConfig } = require('@umijs/max/test');

module.exports = {
  ...createConfig({ target: 'node', jsTransformer: 'esbuild' }),
  displayName: process.env.DATABASE_URL ? 'server:postgres' : 'server:sqlite',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
  testTimeout: 60000,
  // PostgreSQL schemas are dropped when the run ends, not under the files still running
  globalSetup: '<rootDir>/tests/server/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/server/support/globalTeardown.ts',
  // every core (Jest keeps one for itself by default: one worker on two cores)
  maxWorkers: '100%',
};

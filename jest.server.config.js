/**
 * Server integration tests (node). Run once on SQLite (default) and once on PostgreSQL with
 * DATABASE_URL set; see scripts/test.mjs.
 */
const { createConfig } = require('@umijs/max/test');

module.exports = {
  ...createConfig({ target: 'node', jsTransformer: 'esbuild' }),
  displayName: process.env.DATABASE_URL ? 'server:postgres' : 'server:sqlite',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
  testTimeout: 60000,
};

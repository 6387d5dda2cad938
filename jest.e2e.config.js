/**
 * End-to-end tests in Debian's Chromium (puppeteer-core) against the built app served by the
 * real server (tests/e2e/support). Runs serially: one browser and one server per test file;
 * the global set-up builds the app once when dist/ is missing or stale.
 */
const { createConfig } = require('@umijs/max/test');

module.exports = {
  ...createConfig({ target: 'node', jsTransformer: 'esbuild' }),
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/e2e/support/globalTeardown.ts',
  testTimeout: 120000,
  maxWorkers: 1,
};

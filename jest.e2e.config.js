/**
 * End-to-end tests in Debian's Chromium (puppeteer-core) against the built app served by the
 * real server (tests/e2e/support). Runs serially: one browser, one server per suite.
 */
const { createConfig } = require('@umijs/max/test');

module.exports = {
  ...createConfig({ target: 'node', jsTransformer: 'esbuild' }),
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
};

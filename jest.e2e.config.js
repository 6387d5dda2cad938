/**
 * End-to-end tests in Debian's Chromium (puppeteer-core) against the built app served by the
 * real server (tests/e2e/support). Each test file has a browser, a server (on a free port) and a
 * database of its own; the global set-up builds the app once when dist/ is missing or stale.
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
  // two files at a time: a file spends much of its time waiting (for the network to go idle, an
  // animation to end, the price feed's next poll), which the other file's work fills. On CI's two
  // cores the suite took 25 min so; one at a time it took 42 min on a faster machine
  maxWorkers: 2,
};

/**
 * Unit tests of the SPA, contract and mocks (jsdom). Server and end-to-end suites have their own
 * configs (jest.server.config.js, jest.e2e.config.js); `npm test` runs all of them.
 */
const { configUmiAlias, createConfig } = require('@umijs/max/test');

module.exports = async () => {
  const config = await configUmiAlias({
    ...createConfig({
      target: 'browser',
      jsTransformer: 'esbuild',
      // jest runs CommonJS without native dynamic import(): esbuild turns it into a require()
      // (the app lazy-loads its notifier's holders and the error notice)
      jsTransformerOpts: { jsx: 'automatic', supported: { 'dynamic-import': false } },
    }),
  });
  return {
    ...config,
    displayName: 'unit',
    rootDir: __dirname,
    testMatch: ['<rootDir>/tests/unit/**/*.test.(ts|tsx)'],
    setupFilesAfterEnv: ['<rootDir>/tests/setupTests.ts'],
    testEnvironmentOptions: { url: 'http://localhost:8000/' },
    // every core: Jest's default leaves one for itself, which on CI's two cores means one worker
    // (20 min for this suite on a slow machine, 9 min with two; the files share nothing)
    maxWorkers: '100%',
  };
};

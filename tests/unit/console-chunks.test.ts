/**
 * plugins/consoleChunks: webpack's default splitting, once among the user app's async chunks and
 * once among the console's, so that no chunk serves both and the console leaves the user app's
 * chunks as they were.
 */
import Config from '@umijs/bundler-webpack/compiled/webpack-5-chain';
import consoleChunks, { isConsoleChunk, isUserChunk, SPLIT_CHUNKS } from '../../plugins/consoleChunks';

const asyncChunk = (name?: string) => ({ name, canBeInitial: () => false });
const entryChunk = { name: 'umi', canBeInitial: () => true };

it.each(['p__Admin__Users__index', 'p__Admin__Withdrawals__Detail', 'admin__AdminLayout', 'admin-locale-zh-TW'])('%s is a console chunk', (name) => {
  expect(isConsoleChunk(asyncChunk(name))).toBe(true);
  expect(isUserChunk(asyncChunk(name))).toBe(false);
});

it.each(['p__Login__index', 'layouts__BasicLayout', 'wrappers__shared', 'wallet-sign-in', 'locale-zh-TW', 'p__My__Address__index', undefined])(
  '%s is a user app chunk',
  (name) => {
    expect(isUserChunk(asyncChunk(name))).toBe(true);
    expect(isConsoleChunk(asyncChunk(name))).toBe(false);
  },
);

it('leaves the entry chunk (umi.js) to neither side', () => {
  expect(isUserChunk(entryChunk)).toBe(false);
  expect(isConsoleChunk(entryChunk)).toBe(false);
});

it("keeps webpack's two default groups for each side and no group for both", () => {
  const groups = Object.values(SPLIT_CHUNKS.cacheGroups);
  expect(groups.filter((group) => group.chunks === isUserChunk).map(({ chunks, ...rest }) => rest)).toEqual([
    { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true },
    { minChunks: 2, priority: -20, reuseExistingChunk: true },
  ]);
  expect(groups.filter((group) => group.chunks === isConsoleChunk).map(({ chunks, ...rest }) => rest)).toEqual([
    { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true },
    { minChunks: 2, priority: -20, reuseExistingChunk: true },
  ]);
  expect(groups).toHaveLength(4);
});

it('puts the groups and the cap on chunks per lazy part into the webpack configuration', () => {
  let chain: ((memo: Config) => Config) | undefined;
  consoleChunks({ describe: () => undefined, chainWebpack: (hook: typeof chain) => (chain = hook) } as never);
  const config = chain!(new Config()).toConfig();
  const splitChunks = config.optimization?.splitChunks as { cacheGroups: object; maxAsyncRequests: number };
  expect(Object.keys(splitChunks.cacheGroups)).toEqual(['defaultVendors', 'default', 'consoleVendors', 'consoleShared']);
  expect(splitChunks.maxAsyncRequests).toBe(3);
});

/**
 * @jest-environment node
 *
 * plugins/consoleChunks: webpack's default splitting, once among the user app's async chunks and
 * once among the console's, so that no chunk serves both and the console leaves the user app's
 * chunks as they were. The groups go in after Umi's server rendering has replaced the
 * configuration's groups with its own, and the build fails when a chunk serves both sides.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Config from '@umijs/bundler-webpack/compiled/webpack-5-chain';
import consoleChunks, { filesOfBothSides, isConsoleChunk, isUserChunk, SeparateSidesCheck, SPLIT_CHUNKS, withSplitChunks } from '../../plugins/consoleChunks';

// the webpack Umi builds with
const webpack = require('@umijs/bundler-webpack/compiled/webpack') as { webpack: (config: unknown) => Compiler };

interface Compiler {
  run(done: (error: Error | null, stats?: { toJson(): { errors: Array<{ message: string }> } }) => void): void;
  close(done: () => void): void;
}

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

/** What Umi's server rendering (on in `max build`) leaves in the configuration after every chainWebpack: its own styles group only. */
const afterUmisServerRendering = () => ({
  optimization: {
    minimize: true,
    splitChunks: { maxAsyncRequests: 3, cacheGroups: { styles: { name: 'umi', test: /\.(less|css|scss|sass)$/, chunks: 'all' as const, enforce: true } } },
  },
});

it("puts the groups and the cap on chunks per lazy part into the configuration, beside Umi's styles group", () => {
  const config = withSplitChunks(afterUmisServerRendering());
  const splitChunks = config.optimization?.splitChunks as { cacheGroups: object; maxAsyncRequests: number };
  expect(Object.keys(splitChunks.cacheGroups)).toEqual(['styles', 'defaultVendors', 'default', 'consoleVendors', 'consoleShared']);
  expect(splitChunks.maxAsyncRequests).toBe(3);
  expect(config.optimization?.minimize).toBe(true);
});

it("leaves the server's bundle (prerendering) as Umi splits it", () => {
  const serverConfig = { ...afterUmisServerRendering(), target: 'node' };
  expect(withSplitChunks(serverConfig)).toBe(serverConfig);
});

it("changes the configuration after every other plugin's change, and checks the browser's build only", () => {
  let modify: { fn: unknown; stage: number } | undefined;
  let chain: ((memo: Config, args: { webpack: unknown; ssr?: boolean }) => Config) | undefined;
  consoleChunks({ describe: () => undefined, modifyWebpackConfig: (hook: typeof modify) => (modify = hook), chainWebpack: (hook: typeof chain) => (chain = hook) } as never);
  expect(modify).toEqual({ fn: withSplitChunks, stage: Number.MAX_SAFE_INTEGER });
  expect(chain!(new Config(), { webpack }).plugins.has('console-chunks-check')).toBe(true);
  expect(chain!(new Config(), { webpack, ssr: true }).plugins.has('console-chunks-check')).toBe(false);
});

const group = (name: string | null) => ({ name });

it('names the files of a chunk that both sides load, and only those', () => {
  const chunks = [
    { files: ['1.async.js'], groupsIterable: [group('p__Login__index'), group('p__Admin__Users__index')] },
    { files: ['2.async.js', '2.async.css'], groupsIterable: [group('admin__AdminLayout'), group(null), group('layouts__BasicLayout')] },
    { files: ['3.async.js'], groupsIterable: [group('p__Admin__Users__index'), group('admin__AdminLayout')] },
    { files: ['4.async.js'], groupsIterable: [group('p__Login__index'), group(null)] },
    { files: ['umi.js'], groupsIterable: [group('umi')] },
  ];
  expect(filesOfBothSides(chunks)).toEqual(['1.async.js', '2.async.js', '2.async.css']);
});

/** An app with a user route and a console route that share a package module, built by Umi's webpack with `splitChunks`. */
async function buildTwoSides(splitChunks: object): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-chunks-'));
  try {
    fs.mkdirSync(path.join(dir, 'node_modules', 'shared-package'), { recursive: true });
    // large enough for webpack's default vendors group to give it a chunk of its own
    fs.writeFileSync(path.join(dir, 'node_modules', 'shared-package', 'index.js'), `export const text = ${JSON.stringify('x'.repeat(40_000))};\n`);
    fs.writeFileSync(path.join(dir, 'user.js'), "import { text } from 'shared-package';\nexport default () => text.length;\n");
    fs.writeFileSync(path.join(dir, 'admin.js'), "import { text } from 'shared-package';\nexport default () => text.length + 1;\n");
    fs.writeFileSync(path.join(dir, 'entry.js'), "import(/* webpackChunkName: 'p__Login__index' */ './user');\nimport(/* webpackChunkName: 'p__Admin__Users__index' */ './admin');\n");
    const compiler = webpack.webpack({
      mode: 'production',
      context: dir,
      entry: { umi: './entry.js' },
      output: { path: path.join(dir, 'out') },
      optimization: { minimize: false, splitChunks },
      plugins: [new SeparateSidesCheck(webpack as never)],
    });
    const errors = await new Promise<string[]>((resolve, reject) =>
      compiler.run((error, stats) => (error ? reject(error) : resolve(stats!.toJson().errors.map((problem) => problem.message)))),
    );
    await new Promise<void>((resolve) => compiler.close(resolve));
    return errors;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

it("fails a build whose groups let a chunk serve both sides (webpack's default groups), and passes one with the groups above", async () => {
  const [failed] = await buildTwoSides({});
  expect(failed).toMatch(/^consoleChunks: chunks loaded by both the console and the user app: \S+\.js/);
  expect(await buildTwoSides(withSplitChunks(afterUmisServerRendering()).optimization!.splitChunks as object)).toEqual([]);
}, 30_000);

/**
 * The operator console (src/admin, src/pages/Admin) shares antd with the user app. Left to
 * webpack's default splitting, every module the two use is regrouped by the new sets of chunks
 * that hold it: the user routes' first load came in more, smaller chunks (15 scripts instead of
 * 13, ~2 KB more gzip). Here webpack's two default groups are split in two: one pair splits the
 * user app's chunks as if the console did not exist, the other the console's chunks among
 * themselves, so no chunk serves both (a module both use is in each side's chunks).
 * Both sides are split into fewer, larger chunks than webpack's default (MAX_CHUNKS_PER_LAZY_PART).
 */
import type { Configuration as WebpackConfig } from '@umijs/bundler-webpack/compiled/webpack';
import type { IApi } from '@umijs/max';
import type { Compiler, Webpack } from './webpackTypes';

/** Chunk names of the console: its route chunks (Umi names them from the file) and its message files. */
export const CONSOLE_CHUNK = /^(p__Admin__|admin__|admin-)/;

interface Chunk {
  name?: string | null;
  canBeInitial(): boolean;
}

/** Whether a chunk group (a route's, a message file's, by its name) is the console's. */
export const isConsoleGroup = (name?: string | null): boolean => CONSOLE_CHUNK.test(name ?? '');

export const isConsoleChunk = (chunk: Chunk): boolean => !chunk.canBeInitial() && isConsoleGroup(chunk.name);
export const isUserChunk = (chunk: Chunk): boolean => !chunk.canBeInitial() && !isConsoleGroup(chunk.name);

/** webpack's default groups for async chunks (webpack/lib/config/defaults.js), once for each side. */
const vendors = { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true };
const shared = { minChunks: 2, priority: -20, reuseExistingChunk: true };

/**
 * At most three chunks for each of a route's lazy parts (its layout, wrappers and page), not
 * webpack's thirty: a first screen fetched 14–27 scripts, each appended and evaluated in a task of
 * its own. Fewer, larger chunks cut the main thread's long tasks (docs/performance.md, "Fewer
 * chunks per first screen"); the price is code repeated across routes' chunks, which the service
 * worker precaches once.
 */
export const MAX_CHUNKS_PER_LAZY_PART = 3;

export const SPLIT_CHUNKS = {
  maxAsyncRequests: MAX_CHUNKS_PER_LAZY_PART,
  cacheGroups: {
    defaultVendors: { ...vendors, chunks: isUserChunk },
    default: { ...shared, chunks: isUserChunk },
    consoleVendors: { ...vendors, chunks: isConsoleChunk },
    consoleShared: { ...shared, chunks: isConsoleChunk },
  },
};

/** The groups above put into a webpack configuration, beside the groups already there (Umi's server rendering puts its styles group in). */
export function withSplitChunks(config: WebpackConfig): WebpackConfig {
  // the server's bundle (prerendering) is left as Umi splits it
  if (config.target === 'node') return config;
  const splitChunks = config.optimization?.splitChunks || {};
  return {
    ...config,
    optimization: {
      ...config.optimization,
      splitChunks: { ...splitChunks, maxAsyncRequests: SPLIT_CHUNKS.maxAsyncRequests, cacheGroups: { ...splitChunks.cacheGroups, ...SPLIT_CHUNKS.cacheGroups } },
    },
  };
}

interface ChunkInGroups {
  files: Iterable<string>;
  groupsIterable: Iterable<{ name?: string | null }>;
}

/** The files of chunks that a console chunk group and a user app chunk group both load. */
export function filesOfBothSides(chunks: Iterable<ChunkInGroups>): string[] {
  return [...chunks]
    .filter((chunk) => {
      const sides = new Set([...chunk.groupsIterable].map((group) => isConsoleGroup(group.name)));
      return sides.size === 2;
    })
    .flatMap((chunk) => [...chunk.files]);
}

/** Fails the build when a chunk serves both sides: the groups above were left out of the configuration. */
export class SeparateSidesCheck {
  constructor(private webpack: Webpack) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(SeparateSidesCheck.name, (compilation) => {
      compilation.hooks.afterSeal.tap(SeparateSidesCheck.name, () => {
        const shared = filesOfBothSides(compilation.chunks);
        if (shared.length > 0) compilation.errors.push(new this.webpack.WebpackError(`consoleChunks: chunks loaded by both the console and the user app: ${shared.join(', ')}`));
      });
    });
  }
}

export default (api: IApi) => {
  api.describe({ key: 'consoleChunks' });
  // After every other plugin's change: Umi's server rendering (on in `max build`) replaces the
  // cacheGroups in a modifyWebpackConfig of its own, which runs after any chainWebpack.
  api.modifyWebpackConfig({ fn: withSplitChunks, stage: Number.MAX_SAFE_INTEGER });
  api.chainWebpack((memo, { webpack, ssr }) => {
    if (!ssr) memo.plugin('console-chunks-check').use(SeparateSidesCheck, [webpack]);
    return memo;
  });
};

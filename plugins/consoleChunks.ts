/**
 * The operator console (src/admin, src/pages/Admin) shares antd with the user app. Left to
 * webpack's default splitting, every module the two use is regrouped by the new sets of chunks
 * that hold it: the user routes' first load came in more, smaller chunks (15 scripts instead of
 * 13, ~2 KB more gzip). Here webpack's two default groups are split in two: one pair splits the
 * user app's chunks as if the console did not exist, the other the console's chunks among
 * themselves, so no chunk serves both (a module both use is in each side's chunks).
 * Both sides are split into fewer, larger chunks than webpack's default (MAX_CHUNKS_PER_LAZY_PART).
 */
import type { IApi } from '@umijs/max';

/** Chunk names of the console: its route chunks (Umi names them from the file) and its message files. */
export const CONSOLE_CHUNK = /^(p__Admin__|admin__|admin-)/;

interface Chunk {
  name?: string | null;
  canBeInitial(): boolean;
}

export const isConsoleChunk = (chunk: Chunk): boolean => !chunk.canBeInitial() && CONSOLE_CHUNK.test(chunk.name ?? '');
export const isUserChunk = (chunk: Chunk): boolean => !chunk.canBeInitial() && !CONSOLE_CHUNK.test(chunk.name ?? '');

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

export default (api: IApi) => {
  api.describe({ key: 'consoleChunks' });
  api.chainWebpack((memo) => {
    memo.optimization.splitChunks(SPLIT_CHUNKS as never);
    return memo;
  });
};

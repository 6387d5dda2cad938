/**
 * Makes the `targets` of .umirc.ts reach the two compilers Umi 4 leaves them out of
 * (umijs/umi#12596): Babel's preset-env runs with `ignoreBrowserslistConfig`, which makes it
 * ignore the top-level `targets` Umi passes and compile the sources to ES5 (regenerator, class
 * helpers); and the esbuild minifier always adds `es2015` to its targets, lowering `?.`, `??`,
 * `**` and async functions again. Both now follow `targets` (docs/decisions.md, "Browser targets").
 *
 * Umi's polyfill file also imports regenerator-runtime whatever the targets: a stand-in for
 * generators and async functions, which every target runs natively and nothing compiled for them
 * calls (~2.5 KB gzip in umi.js). It resolves to an empty module instead.
 */
import type { IApi } from '@umijs/max';

/** esbuild only knows these engines; Umi drops the others too (bundler-webpack getEsBuildTarget). */
const ESBUILD_ENGINES = ['chrome', 'edge', 'firefox', 'safari', 'ios'];

export function esbuildTargets(targets: Record<string, number | string | boolean>): string[] {
  return Object.entries(targets)
    .filter(([engine, version]) => ESBUILD_ENGINES.includes(engine) && typeof version !== 'boolean')
    .map(([engine, version]) => `${engine}${version}`);
}

/** The file Umi's generated polyfill imports (preset-umi features/polyfill). */
export const REGENERATOR_RUNTIME = require.resolve('regenerator-runtime/runtime');

export default (api: IApi) => {
  api.describe({ key: 'browserTargets' });
  api.chainWebpack((memo) => {
    memo.resolve.alias.set(REGENERATOR_RUNTIME, false as never);
    return memo;
  });
  api.modifyBabelPresetOpts((opts) => ({
    ...opts,
    presetEnv: { ...opts.presetEnv, targets: api.config.targets },
  }));
  api.modifyConfig((config) => {
    // `target` is esbuild's option (Umi's default minifier); terser and the others refuse it
    if ((config.jsMinifier ?? 'esbuild') !== 'esbuild') return config;
    return { ...config, jsMinifierOptions: { ...config.jsMinifierOptions, target: esbuildTargets(config.targets ?? {}) } };
  });
};

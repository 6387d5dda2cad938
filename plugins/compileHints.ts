/**
 * Every script of the browser's build starts with V8's compile hint, `//# allFunctionsCalledOnLoad`.
 * Chromium (136 on) then compiles all of a script's functions while the script streams in, on a
 * background thread, instead of compiling each on the main thread the first time it is called. A
 * first screen calls most of what it loads at once (webpack's module bootstrap, React, antd's
 * theme), and that compiling sat inside the long tasks that evaluate umi.js and the route's
 * chunks. Other engines read the line as a comment.
 */
import type { IApi } from '@umijs/max';
import type { Compiler, Webpack } from './webpackTypes';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Whether an emitted file gets the hint: a script, not a source map or a style sheet. */
export const takesCompileHint = (file: string) => file.endsWith('.js');

/** Prepends the hint to each script once it is minified (the minifier drops comments) and before its source map and content hash are made. */
export class CompileHintsPlugin {
  constructor(private webpack: Webpack) {}

  apply(compiler: Compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap({ name: CompileHintsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 }, (assets) => {
        for (const file of Object.keys(assets).filter(takesCompileHint)) {
          compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}

export default (api: IApi) => {
  api.describe({ key: 'compileHints' });
  if (api.env !== 'production') return;
  api.chainWebpack((memo, { webpack, ssr }) => {
    // the server's bundle (prerendering) runs in Node, which has no use for it
    if (!ssr) memo.plugin('compile-hints').use(CompileHintsPlugin, [webpack]);
    return memo;
  });
};

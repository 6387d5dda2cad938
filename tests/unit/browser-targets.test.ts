/**
 * plugins/browserTargets: the sources compile for the browser targets of .umirc.ts (modern syntax
 * kept as written) instead of Umi's ES5 default, and the minifier gets the same engines.
 */
import { transformSync } from '@umijs/bundler-utils/compiled/babel/core';
import Config from '@umijs/bundler-webpack/compiled/webpack-5-chain';
import browserTargets, { esbuildTargets, REGENERATOR_RUNTIME } from '../../plugins/browserTargets';

const TARGETS = { chrome: 100, edge: 100, firefox: 100, safari: 15, ios: 15 };
const SOURCE = 'export async function load(x) { const v = x?.a ?? 10n ** 8n; await x.done(); return v; }';

type Hook = (value: Record<string, any>) => Record<string, any>;
type ChainHook = (memo: Config) => Config;

/** Runs the plugin against a fake plugin API and returns the hooks it registered. */
function hooks(): { babel: Hook; config: Hook; chain: ChainHook } {
  const registered: Partial<{ babel: Hook; config: Hook; chain: ChainHook }> = {};
  browserTargets({
    describe: () => undefined,
    config: { targets: TARGETS },
    modifyBabelPresetOpts: (hook: Hook) => (registered.babel = hook),
    modifyConfig: (hook: Hook) => (registered.config = hook),
    chainWebpack: (hook: ChainHook) => (registered.chain = hook),
  } as never);
  return registered as { babel: Hook; config: Hook; chain: ChainHook };
}

/** What Umi's babel-loader passes; preset-env ignores it (ignoreBrowserslistConfig). */
const UMI_LOADER_TARGETS = { targets: TARGETS };

function compile(presetOpts: Record<string, unknown>): string {
  return transformSync(SOURCE, {
    filename: 'sample.ts',
    babelrc: false,
    configFile: false,
    browserslistConfigFile: false,
    ...UMI_LOADER_TARGETS,
    presets: [[require.resolve('@umijs/babel-preset-umi'), presetOpts]],
  })!.code!;
}

const UMI_PRESET_OPTS = { presetEnv: {}, presetReact: {}, presetTypeScript: {}, pluginTransformRuntime: {} };

describe('browser targets', () => {
  it('Umi alone compiles async functions and optional chaining down to ES5', () => {
    const code = compile(UMI_PRESET_OPTS);
    expect(code).toContain('regeneratorRuntime');
    expect(code).not.toContain('?.');
  });

  it('with the plugin, async functions, optional chaining, ?? and ** stay as written', () => {
    const code = compile(hooks().babel(UMI_PRESET_OPTS));
    expect(code).toContain('export async function load');
    expect(code).toContain('x?.a ?? 10n ** 8n');
    expect(code).not.toContain('regeneratorRuntime');
  });

  it('gives the minifier the same engines and nothing older', () => {
    expect(hooks().config({ targets: TARGETS, jsMinifierOptions: { legalComments: 'none' } })).toEqual({
      targets: TARGETS,
      jsMinifierOptions: { legalComments: 'none', target: ['chrome100', 'edge100', 'firefox100', 'safari15', 'ios15'] },
    });
  });

  it('leaves another minifier\'s options alone (terser refuses `target`)', () => {
    const config = { targets: TARGETS, jsMinifier: 'terser', jsMinifierOptions: { compress: { passes: 2 } } };
    expect(hooks().config(config)).toEqual(config);
  });

  it("resolves Umi's regenerator-runtime import to an empty module (every target has generators)", () => {
    const webpackConfig = hooks().chain(new Config()).toConfig();
    expect(REGENERATOR_RUNTIME).toMatch(/[\\/]node_modules[\\/]regenerator-runtime[\\/]runtime\.js$/);
    expect(webpackConfig.resolve?.alias).toEqual({ [REGENERATOR_RUNTIME]: false });
  });

  it('leaves out engines esbuild does not know and `true` versions', () => {
    expect(esbuildTargets({ chrome: 100, samsung: 20, opera: true, safari: '15.4' })).toEqual(['chrome100', 'safari15.4']);
  });
});

import { defineConfig } from '@umijs/max';
import routes from './config/routes';
import { DEFAULT_LOCALE } from './src/constants/app';
import { PRIMARY_COLOR } from './src/constants/theme';

export default defineConfig({
  title: 'PowerFi',
  routes,
  // Pages and assets are served from the site root.
  publicPath: '/',
  base: '/',
  hash: true,
  // Our own shell (src/layouts/BasicLayout) instead of ProLayout: the wrappers enforce access.
  layout: false,
  // The ConfigProvider (theme, direction, form messages) is ours: src/components/AppProviders.
  // Umi's own (`configProvider`/`theme` here) would add lodash's merge to every first load.
  antd: {},
  access: {},
  model: {},
  initialState: { loading: '@/components/BlankPlaceholder' },
  request: { dataField: '' },
  locale: {
    default: DEFAULT_LOCALE,
    antd: true,
    baseNavigator: true,
    useLocalStorage: true,
    title: false,
  },
  metas: [
    { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
    { name: 'theme-color', content: PRIMARY_COLOR },
  ],
  // public/: the icon and the web app manifest (installable); users may zoom (no maximum-scale)
  favicons: ['/favicon.ico'],
  links: [
    { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    { rel: 'manifest', href: '/manifest.webmanifest' },
  ],
  // Umi loads every file under mock/ as routes; `_` files are the mocks' shared helpers.
  mock: { exclude: ['mock/**/_*.ts'] },
  // Umi's locale plugin imports moment and its locales into umi.js unless moment is aliased to
  // dayjs (which antd 5 and our code use anyway); no dayjs plugins are needed globally.
  moment2dayjs: { preset: 'none', plugins: [] },
  mfsu: false,
  // `npm run bench:startup` builds a copy with source maps into a folder of its own, to name the
  // code the main thread runs; the app itself ships none
  ...(process.env.BENCH_SOURCE_MAPS_DIR ? { devtool: 'source-map' as const, outputPath: process.env.BENCH_SOURCE_MAPS_DIR } : {}),
  // terser, not Umi's default esbuild: ~10 % less gzip on every page (it inlines constants and
  // drops unused functions inside modules), for ~20 s more build time. Should esbuild come
  // back, it needs `esbuildMinifyIIFE: true` (its top-level helpers collide across chunks).
  jsMinifier: 'terser',
  // Umi provides a global `Buffer` polyfill to every module; axios's FormData helper mentions it,
  // which put the 57 KB `buffer` package into umi.js. Packages that need it (apg-js of siwe)
  // require('buffer') themselves, which still resolves through Umi's fallbacks.
  chainWebpack(memo) {
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
    return memo;
  },
  // Modern browsers only (docs/decisions.md, "Browser targets"); plugins/browserTargets makes
  // Babel and the minifier follow them. The polyfill entry names the few newer features code may
  // use; Babel keeps those the targets lack (none for these), where Umi's default
  // `import 'core-js'` added every esnext proposal (~100 KB gzip).
  targets: { chrome: 100, edge: 100, firefox: 115, safari: '15.4', ios: '15.4' },
  polyfill: {
    imports: [
      'core-js/stable/array/at',
      'core-js/stable/array/find-last',
      'core-js/stable/object/has-own',
      'core-js/stable/string/at',
    ],
  },
  // `max build` only: a Node bundle of the app besides the browser's, for plugins/prerender to
  // render the public first screens. Its own folder: Umi empties it first (the default is
  // server/, our API). `pureApp`: the browser hydrates #root only, not the whole document.
  // Not in `max dev`, where Umi would answer every page from that bundle with its own document.
  ...(process.env.NODE_ENV === 'production'
    ? { ssr: { serverBuildPath: 'dist-server/umi.server.js', __INTERNAL_DO_NOT_USE_OR_YOU_WILL_BE_FIRED: { pureApp: true } } }
    : {}),
  npmClient: 'npm',
  plugins: ['./plugins/chunkLoadTimeout', './plugins/browserTargets', './plugins/sideEffectFreePackages', './plugins/appShell', './plugins/unusedAntdParts', './plugins/precompiledMessages', './plugins/icuOnFirstUse', './plugins/antdButtonIsBright', './plugins/compileHints', './plugins/consoleChunks', './plugins/signedInStyles', './plugins/serviceWorker', './plugins/prerender'],
});

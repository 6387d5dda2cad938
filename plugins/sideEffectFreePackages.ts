/**
 * antd's react-component packages (`rc-*`, `@rc-component/*`) are plain ES modules without import
 * side effects, but do not say so in their package.json (`sideEffects`). Webpack then keeps every
 * module a package's index re-exports as soon as one export is used: antd's Tooltip needs only
 * `FormProvider` of rc-field-form, yet all of rc-field-form and its async-validator landed in
 * umi.js (~20 KB gzip on every first load). This rule declares them side-effect free, and with
 * them `@ahooksjs/use-request`, which Umi's request plugin imports for the `useRequest` it exports:
 * the app uses ahooks' own useRequest, so that one's ~8 KB gzip left every first load.
 */
import type { IApi } from '@umijs/max';

/** A file inside an `rc-*` or `@rc-component/*` package, or `@ahooksjs/use-request`, under node_modules. */
export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ahooksjs[\\/]use-request)[\\/]/;

export default (api: IApi) => {
  api.describe({ key: 'sideEffectFreePackages' });
  api.chainWebpack((memo) => {
    memo.module.rule('side-effect-free-packages').test(SIDE_EFFECT_FREE).sideEffects(false);
    return memo;
  });
};

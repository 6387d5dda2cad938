/**
 * The only message file Umi's locale plugin sees (it bundles every `src/locales/<locale>.ts`, and
 * zh-CN, the fallback, belongs in the first load). The other locales load when chosen:
 * ./load.ts.
 */
export { default } from './zh-CN/index';

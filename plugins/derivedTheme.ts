/**
 * Derives the app's light and dark antd themes once, at build time, and writes them into the
 * bundles as DERIVED_ANTD_THEMES (src/constants/derivedTheme.ts), so that a visitor's phone does not
 * derive them again on every first load.
 */
import type { IApi } from '@umijs/max';
import { theme as antdTheme } from 'antd';
import { ANTD_ALGORITHMS, type DerivedThemes } from '../src/constants/derivedTheme';
import { appTheme, type ThemeMode } from '../src/constants/theme';

/**
 * Each theme's seed as antd's ConfigProvider hands it to the algorithm (antd's default seed, then
 * the app's tokens), and what antd's algorithm derives from it. A phone's theme differs from a
 * desktop's in component tokens only, not in the seed.
 */
export function deriveThemes(): DerivedThemes {
  const derive = (mode: ThemeMode) => {
    const seed = { ...antdTheme.defaultSeed, ...appTheme(mode, ANTD_ALGORITHMS[mode], false).token };
    return { seed: JSON.stringify(seed), map: ANTD_ALGORITHMS[mode](seed) as unknown as Record<string, unknown> };
  };
  return { light: derive('light'), dark: derive('dark') };
}

export default (api: IApi) => {
  api.describe({ key: 'derivedTheme' });
  api.modifyConfig((memo) => ({ ...memo, define: { ...memo.define, DERIVED_ANTD_THEMES: deriveThemes() } }));
};

/**
 * The app's antd themes, derived at build time. The first time a theme renders, antd derives ~400
 * map tokens from its seed (a ten-shade palette for each of 13 preset and 6 functional colours,
 * sizes, radii): about 50 ms of the app's first render on a phone at 4× CPU, inside the one
 * component that also sets up the theme and cannot be split. plugins/derivedTheme derives the
 * light and the dark theme's seed once, with antd's own algorithms, and writes the result into the
 * build as DERIVED_ANTD_THEMES; the algorithms here return it for that exact seed and let antd
 * derive any other seed (and every seed in the unit tests, which have no table).
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './theme';

type Algorithm = Extract<NonNullable<ThemeConfig['algorithm']>, (...args: never[]) => unknown>;

/** A seed (as antd hands it to the algorithm, JSON) and the map tokens antd derived from it. */
export interface DerivedTheme {
  seed: string;
  map: Record<string, unknown>;
}

export type DerivedThemes = Record<ThemeMode, DerivedTheme>;

/** antd's own algorithm for each of the app's themes. */
export const ANTD_ALGORITHMS: Record<ThemeMode, Algorithm> = { light: antdTheme.defaultAlgorithm, dark: antdTheme.darkAlgorithm };

/** `algorithm`, answering `derived.seed` with `derived.map` instead of deriving it. */
export function withDerived(algorithm: Algorithm, derived: DerivedTheme | undefined): Algorithm {
  if (!derived) return algorithm;
  return (seed, mapToken) =>
    // a copy: antd adds its own keys to what the algorithm returns
    mapToken === undefined && JSON.stringify(seed) === derived.seed ? ({ ...derived.map } as unknown as ReturnType<Algorithm>) : algorithm(seed, mapToken);
}

/** The build's table (undefined in the unit tests, which have none). */
export function builtThemes(): DerivedThemes | undefined {
  // the build puts the table in place of the name, once; a `typeof` test would copy it twice
  try {
    return DERIVED_ANTD_THEMES;
  } catch {
    return undefined;
  }
}

/** The algorithm of each theme, made once so that antd keeps one theme object for each. */
export function appAlgorithms(table: DerivedThemes | undefined = builtThemes()): Record<ThemeMode, Algorithm> {
  return { light: withDerived(ANTD_ALGORITHMS.light, table?.light), dark: withDerived(ANTD_ALGORITHMS.dark, table?.dark) };
}

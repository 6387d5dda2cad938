/**
 * The app's antd themes derived at build time (plugins/derivedTheme, src/constants/derivedTheme):
 * the build's table gives every token antd itself derives, in both themes and at both widths,
 * without antd's algorithm running; any other seed is still derived; the app's providers use the
 * build's table; the plugin writes that table into the build.
 */
import { render } from '@testing-library/react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import React from 'react';
import derivedThemePlugin, { deriveThemes } from '../../plugins/derivedTheme';
import { ANTD_ALGORITHMS, withDerived, type DerivedThemes } from '@/constants/derivedTheme';
import { appTheme, PRIMARY_COLOR, type ThemeMode } from '@/constants/theme';

type Token = ReturnType<typeof antdTheme.useToken>['token'];

function TokenProbe({ onToken }: { onToken: (token: Token) => void }) {
  onToken(antdTheme.useToken().token);
  return null;
}

/** The token antd gives a component under `theme`. */
function tokenUnder(theme: ThemeConfig): Token {
  let seen: Token | undefined;
  const { unmount } = render(
    <ConfigProvider theme={theme}>
      <TokenProbe onToken={(token) => (seen = token)} />
    </ConfigProvider>,
  );
  unmount();
  if (!seen) throw new Error('no token rendered');
  return seen;
}

const table = deriveThemes();

describe.each<[ThemeMode, boolean]>([
  ['light', true],
  ['light', false],
  ['dark', true],
  ['dark', false],
])('the %s theme (phone: %s)', (mode, phone) => {
  it("the build's table gives the tokens antd derives, and antd derives nothing", () => {
    const algorithm = jest.fn(ANTD_ALGORITHMS[mode]);
    const fromTable = tokenUnder(appTheme(mode, withDerived(algorithm, table[mode]), phone));
    expect(algorithm).not.toHaveBeenCalled();
    const derived = tokenUnder(appTheme(mode, ANTD_ALGORITHMS[mode], phone));
    expect(fromTable).toEqual(derived);
    expect(fromTable.colorPrimary).toBe(derived.colorPrimary);
  });
});

it('a seed other than the table has is derived by antd', () => {
  const algorithm = jest.fn(ANTD_ALGORITHMS.light);
  const theme = appTheme('light', withDerived(algorithm, table.light), true);
  const token = tokenUnder({ ...theme, token: { ...theme.token, colorPrimary: '#722ed1' } });
  expect(algorithm).toHaveBeenCalledTimes(1);
  expect(token.colorPrimary).toBe('#722ed1');
  expect(PRIMARY_COLOR).not.toBe('#722ed1');
});

it("the app's providers take their themes from the build's table", () => {
  const marked: DerivedThemes = { ...table, light: { ...table.light, map: { ...table.light.map, colorBgLayout: '#123456' } } };
  const global = globalThis as { DERIVED_ANTD_THEMES?: DerivedThemes };
  global.DERIVED_ANTD_THEMES = marked;
  try {
    // loaded only now, after the table is in place as the build has it (nothing above imports
    // them; Umi's plugins import src/app.tsx and so the providers)
    (require('@@/core/plugin') as { createPluginManager: () => void }).createPluginManager(); // the locale runtime the providers read
    const AppProviders = (require('@/components/AppProviders') as { default: React.ComponentType<{ children: React.ReactNode }> }).default;
    let seen: Token | undefined;
    render(
      <AppProviders>
        <TokenProbe onToken={(token) => (seen = token)} />
      </AppProviders>,
    );
    expect(seen?.colorBgLayout).toBe('#123456');
  } finally {
    delete global.DERIVED_ANTD_THEMES;
  }
});

it('the plugin writes the derived themes into the build', () => {
  let modify: ((memo: { define?: Record<string, unknown> }) => { define?: Record<string, unknown> }) | undefined;
  derivedThemePlugin({ describe: () => undefined, modifyConfig: (fn: typeof modify) => (modify = fn) } as never);
  const config = modify!({ define: { OTHER: 1 } });
  expect(config.define).toEqual({ OTHER: 1, DERIVED_ANTD_THEMES: table });
});

import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOR = '#0066f5';
export type ThemeMode = 'light' | 'dark';

/**
 * Colours antd derives that fall below WCAG AA contrast (4.5:1 for text) on the app's grounds,
 * replaced by the nearest shade that reaches it (tests/e2e/axe.test.ts scans every route in both
 * themes). Contrast measured on white / #f5f5f5 / #e6f4ff in light, #141414 / #1f1f1f / #000 in dark:
 * - secondary texts (Typography secondary, descriptions, statistic titles, labels): antd's
 *   45 % black is #8c8c8c (3.4:1); 60 % black is #666 (5.5:1 and more). In dark, 45 % white on the
 *   sheets' #1f1f1f is 4.4:1; 55 % white reaches 5.9:1.
 * - links: antd's #1677ff (4.1:1 on white, 3.7:1 on tinted grounds) becomes blue-7 #0958d9
 *   (5.5:1 and more); in dark #1668dc (3.2:1) becomes #5c99dc (5.0:1 on #272727), and blue-5 #4096ff for texts in
 *   the primary colour (colorPrimaryText: the selected tab, the navigation's current entry),
 *   while buttons keep the primary colour behind white text.
 * - success, warning and danger texts: green #52c41a (2.3:1), gold #faad14 (1.9:1) and red
 *   #ff4d4f (3.3:1) texts become green-8 #237804, orange-8 #ad4e00 and red-7 #cf1322 in light
 *   (4.8:1 and more); dark's red #dc4446 (3.9:1 on #1f1f1f) becomes #e86e6b (5.4:1). Icons keep
 *   antd's colours.
 * - coloured tags write in the colour's 7th shade on its 1st: green, orange and cyan (3.1–3.5:1)
 *   take their 8th shade in light; blue-7 passes, and dark's tags do.
 */
const CONTRAST_TOKENS: Record<ThemeMode, NonNullable<ThemeConfig['token']>> = {
  light: {
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorLink: '#0958d9',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorErrorText: '#cf1322',
  },
  dark: {
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    // a seed: the dark algorithm renders it #5c99dc (#4096ff would become #3983dc, 3.9:1 on #272727)
    colorLink: '#69b1ff',
    colorPrimaryText: '#4096ff',
    colorErrorText: '#e86e6b',
  },
};

/**
 * Danger buttons write (outlined, text, link) or fill (solid, white text) in the error colour:
 * light red-7 #cf1322 reaches 5.6:1 both ways; in dark the written red is #e86e6b (6.0:1 on
 * #141414, antd's #dc4446 is 4.3:1).
 */
const BUTTON_TOKENS: Record<ThemeMode, Record<string, string>> = {
  light: { colorError: '#cf1322' },
  dark: { colorError: '#e86e6b' },
};

/** The selected tab's text: dark's primary #035ad3 is 3.0:1 on #141414; texts in the primary colour use blue-5 there. */
const TABS_TOKENS: Record<ThemeMode, Record<string, string>> = {
  light: {},
  dark: { itemSelectedColor: '#4096ff' },
};

const TAG_TOKENS: Record<ThemeMode, Record<string, string>> = {
  light: { green7: '#237804', orange7: '#ad4e00', cyan7: '#006d75' },
  dark: {},
};

/**
 * Data-entry controls antd draws 32 px (40 px large) tall: on phones they are a finger's 44 px
 * (48 px large). antd derives an input's height from its vertical padding, computed from the
 * global height, so the paddings are given too: (44 − 22 px line) / 2 − 1 px border = 10 px, and
 * (48 − 24) / 2 − 1 = 11 px large.
 */
const TOUCH_INPUTS = ['Input', 'InputNumber', 'Select', 'DatePicker', 'Cascader', 'AutoComplete'] as const;

/** The app's antd theme: primary colour, light or dark, readable texts and, on phones, touch-sized inputs. */
export function appTheme(mode: ThemeMode, algorithm: ThemeConfig['algorithm'], phone: boolean): ThemeConfig {
  const touch = { controlHeight: 44, controlHeightLG: 48, paddingBlock: 10, paddingBlockLG: 11, singleItemHeightLG: 48 };
  return {
    algorithm,
    token: { colorPrimary: PRIMARY_COLOR, ...CONTRAST_TOKENS[mode] },
    components: {
      Tag: TAG_TOKENS[mode],
      Tabs: TABS_TOKENS[mode],
      Button: BUTTON_TOKENS[mode],
      ...(phone ? Object.fromEntries(TOUCH_INPUTS.map((name) => [name, touch])) : {}),
    },
  };
}

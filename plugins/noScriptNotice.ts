/**
 * What the document says to a browser that runs no script (./appShell.ts puts it there).
 * Without scripts nothing can sign in or move money, and the document alone shows a skeleton that
 * pulses for ever, or, on the login page, a wallet search that never ends. So the document opens
 * with a notice in each of the app's languages (no script can choose one), the skeleton stops
 * pulsing and the wallet search is taken away. A prerendered page's own content stays readable.
 *
 * Inside <noscript>, so a browser that runs scripts never parses any of it. Build time only: it
 * reads the locale files as written, not as the app's bundle compiles them (./precompiledMessages).
 */
import enUS from '../src/locales/en-US/shell';
import zhCN from '../src/locales/zh-CN/shell';
import zhTW from '../src/locales/zh-TW/shell';
import { WALLET_SEARCH_ATTRIBUTE } from '../contract/rules/walletProbe';
import { SHELL_COLOURS, SHELL_FONT } from '../src/components/BlankPlaceholder/shell';

/** The notice in each language, the default first. */
export const NO_SCRIPT_MESSAGES: ReadonlyArray<readonly [locale: string, text: string]> = [
  ['zh-CN', zhCN['shell.noScript']],
  ['zh-TW', zhTW['shell.noScript']],
  ['en-US', enUS['shell.noScript']],
];

const LIGHT = SHELL_COLOURS.light;
const DARK = SHELL_COLOURS.dark;

/** Applies only when scripts do not run (it sits in a <noscript> of <head>). */
export const NO_SCRIPT_CSS = [
  `.pf-noscript{padding:12px 16px;font-family:${SHELL_FONT};font-size:14px;line-height:1.6;background:${LIGHT.warningBg};border-bottom:1px solid ${LIGHT.warningBorder};color:${LIGHT.text}}`,
  `.pf-noscript p{margin:0}`,
  // no script sets data-theme: the system's scheme decides, as for the shell
  `@media (prefers-color-scheme:dark){.pf-noscript{background:${DARK.warningBg};border-color:${DARK.warningBorder};color:${DARK.text}}}`,
  `.pf-sk{animation:none!important}`,
  `[${WALLET_SEARCH_ATTRIBUTE}]{display:none!important}`,
].join('\n');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The notice, for the top of <body>. */
export function noScriptNoticeHtml(): string {
  const lines = NO_SCRIPT_MESSAGES.map(([locale, text]) => `<p lang="${locale}">${escapeHtml(text)}</p>`).join('');
  return `<div class="pf-noscript" role="alert">${lines}</div>`;
}

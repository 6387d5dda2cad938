/**
 * The app shell before the app (docs/performance.md): the header bar, the phone tab bar and skeleton blocks
 * for the page, as plain HTML and CSS, with the real shell's colours and heights
 * (src/layouts/BasicLayout.less, antd's tokens for PRIMARY_COLOR in light and dark).
 *
 * - plugins/appShell.ts puts SHELL_CSS into the document's <head> and shellHtml() into #root, so
 *   a cold load paints the shell as soon as the HTML and umi.css arrive, before any script runs;
 * - BlankPlaceholder (while the initial state loads) and src/loading.tsx (while a route chunk
 *   loads) render the same markup, so the screen never goes blank between those phases.
 *
 * No inline script: the page's Content-Security-Policy allows scripts from our origin only
 * (server/http/security.ts). So the document's shell follows the system's colour scheme (the
 * theme when the user chose none) and is generic; once scripts run, `html[data-theme]` (set in
 * src/app.tsx before the first render) applies the user's choice and the React-rendered shell
 * picks the skeleton of the route.
 * Texts: only the brand name (the same in every locale); the rest are grey blocks.
 */
import { PHONE_MAX_WIDTH } from '../../constants/app';

/** antd's tokens for PRIMARY_COLOR (#0066f5) under the default and the dark algorithm (the warning ones: plugins/noScriptNotice.ts). */
export const SHELL_COLOURS = {
  light: {
    primary: '#0066f5', bgContainer: '#ffffff', bgLayout: '#f5f5f5', borderSecondary: '#f0f0f0', fill: 'rgba(0,0,0,0.06)',
    text: 'rgba(0,0,0,0.88)', warningBg: '#fffbe6', warningBorder: '#ffe58f',
  },
  dark: {
    primary: '#035ad3', bgContainer: '#141414', bgLayout: '#000000', borderSecondary: '#303030', fill: 'rgba(255,255,255,0.12)',
    text: 'rgba(255,255,255,0.85)', warningBg: '#2b2111', warningBorder: '#594214',
  },
} as const;

const L = SHELL_COLOURS.light;
const D = SHELL_COLOURS.dark;
/** The shell's font stack (antd's). */
export const SHELL_FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif";

/** The shell's dark colours, for the documents `root` selects. */
function darkRules(root: string): string[] {
  return [
    `${root}{color-scheme:dark}`,
    `${root} .pf-shell{background:${D.bgLayout}}`,
    `${root} .pf-shell-header,${root} .pf-shell-tabs{background:${D.bgContainer};border-color:${D.borderSecondary}}`,
    `${root} .pf-shell-logo{color:${D.primary}}`,
    `${root} .pf-sk,${root} .pf-shell-action,${root} .pf-shell-tab i,${root} .pf-shell-tab b{background:${D.fill}}`,
  ];
}

/** Critical CSS of the shell (one line per rule; inlined in <head>). */
export const SHELL_CSS = [
  `html,body{margin:0}`,
  `.pf-shell{min-height:100vh;background:${L.bgLayout};font-family:${SHELL_FONT}}`,
  `.pf-shell-header{position:sticky;top:0;z-index:100;display:flex;align-items:center;gap:12px;height:56px;padding:0 24px;background:${L.bgContainer};border-bottom:1px solid ${L.borderSecondary}}`,
  `.pf-shell-logo{flex:none;font-size:20px;font-weight:700;letter-spacing:.5px;white-space:nowrap;color:${L.primary};line-height:normal}`,
  `.pf-shell-spacer{flex:1}`,
  `.pf-shell-action{width:32px;height:32px;border-radius:50%;background:${L.fill}}`,
  `.pf-shell-content{width:100%;max-width:1200px;margin:0 auto;padding:24px;box-sizing:border-box}`,
  `.pf-sk{background:${L.fill};border-radius:8px}`,
  `.pf-sk-title{width:40%;height:28px;margin-bottom:16px}`,
  `.pf-sk-banner{aspect-ratio:3/1;max-height:240px;margin-bottom:16px}`,
  `.pf-sk-card{height:96px;margin-bottom:16px}`,
  `.pf-sk-row{height:56px;margin-bottom:12px}`,
  `.pf-shell-tabs{display:none}`,
  `@media (max-width:${PHONE_MAX_WIDTH}px){` +
    `.pf-shell-header{height:48px;padding:0 12px;padding-top:env(safe-area-inset-top)}` +
    `.pf-shell-content{padding:12px;padding-bottom:calc(72px + env(safe-area-inset-bottom))}` +
    `.pf-shell-tabs{position:fixed;right:0;bottom:0;left:0;z-index:100;display:flex;padding-bottom:env(safe-area-inset-bottom);background:${L.bgContainer};border-top:1px solid ${L.borderSecondary}}` +
    `.pf-shell-tab{display:flex;flex:1;flex-direction:column;align-items:center;justify-content:center;gap:6px;height:56px}` +
    `.pf-shell-tab i{width:22px;height:22px;border-radius:6px;background:${L.fill}}` +
    `.pf-shell-tab b{width:28px;height:10px;border-radius:4px;background:${L.fill}}` +
    `}`,
  ...darkRules('html[data-theme=dark]'),
  // before scripts run (no data-theme yet) and with no choice made, a dark system paints dark at once
  `@media (prefers-color-scheme:dark){${darkRules('html:not([data-theme=light])').join('')}}`,
  `@media (prefers-reduced-motion:no-preference){.pf-sk{animation:pf-pulse 1.4s ease-in-out infinite}}`,
  `@keyframes pf-pulse{50%{opacity:.55}}`,
].join('\n');

/** Which skeleton a path gets: the home page's banner and cards, or a title and a list. */
export type SkeletonKind = 'home' | 'list';

export function skeletonKind(pathname: string): SkeletonKind {
  return pathname === '/' || pathname === '' ? 'home' : 'list';
}

/** The page's skeleton blocks (inside the layout's content area, or the shell's). */
export function skeletonHtml(kind: SkeletonKind): string {
  const block = (cls: string) => `<div class="pf-sk ${cls}"></div>`;
  if (kind === 'home') return block('pf-sk-title') + block('pf-sk-banner') + block('pf-sk-card') + block('pf-sk-card');
  return block('pf-sk-title') + block('pf-sk-card') + block('pf-sk-row') + block('pf-sk-row') + block('pf-sk-row');
}

const TAB_COUNT = 4;

/** The whole shell: header, the page's skeleton, the phone tab bar. */
export function shellHtml(kind: SkeletonKind = 'list'): string {
  const tabs = Array.from({ length: TAB_COUNT }, () => '<span class="pf-shell-tab"><i></i><b></b></span>').join('');
  return (
    `<div class="pf-shell" data-app-shell="" aria-busy="true">` +
    `<div class="pf-shell-header"><span class="pf-shell-logo">PowerFi</span><span class="pf-shell-spacer"></span>` +
    `<span class="pf-shell-action"></span><span class="pf-shell-action"></span></div>` +
    `<div class="pf-shell-content">${skeletonHtml(kind)}</div>` +
    `<div class="pf-shell-tabs">${tabs}</div>` +
    `</div>`
  );
}

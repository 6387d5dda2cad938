/**
 * @jest-environment node
 *
 * plugins/antdStaticStyle (issue 15): antd's light-theme styles for phones made at build time, with
 * @ant-design/cssinjs's cache map, linked for phone screens before umi.css. The extraction runs in
 * a child process with NODE_ENV=production, as in `max build` (antd fixes its class prefix when
 * it loads); tests/e2e/antd-styles.test.ts checks that the browser uses the sheets.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from '@umijs/utils/compiled/cheerio';
import { antdComponentsUsed, extractLightThemeStyles } from '../../plugins/antdStyles/extract';
import { linkAntdStylesheets, type AntdStylesheet } from '../../plugins/antdStaticStyle';

const ROOT = path.resolve(__dirname, '../..');

/** `code` (an expression on the plugins' exports) in a child process with NODE_ENV=production, as `max build` runs them */
function inProduction<T>(code: string): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'antd-sheets-'));
  try {
    const out = path.join(dir, 'out.json');
    const script = `const plugin = require('./plugins/antdStaticStyle'); const extract = require('./plugins/antdStyles/extract'); require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(${code}))`;
    execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' });
    return JSON.parse(readFileSync(out, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The style paths of the cache map at the end of a sheet: "token|component|prefix|iconPrefix:hash;…" */
function cachedPaths(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css);
  if (!map) throw new Error('no cache map in the sheet');
  return map[1].split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));
}

describe('the components the app imports from antd', () => {
  test('named, aliased and type imports: components only, each once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'antd-src-'));
    try {
      writeFileSync(path.join(dir, 'a.tsx'), "import { Button, type ButtonProps, Card as Box, theme } from 'antd';\nimport { Button as B } from 'antd';");
      writeFileSync(path.join(dir, 'b.ts'), "import {\n  message,\n  ConfigProvider,\n  Nothing,\n} from 'antd';\nimport { Tag } from 'not-antd';");
      expect(antdComponentsUsed(dir)).toEqual(['Button', 'Card', 'message']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('src/ uses the first screens’ components', () => {
    expect(antdComponentsUsed(path.join(ROOT, 'src'))).toEqual(expect.arrayContaining(['Button', 'Card', 'Skeleton', 'Tooltip', 'Typography', 'Carousel']));
  });
});

describe('the sheet of the build', () => {
  let sheets: AntdStylesheet[];
  let wideCss: string;
  beforeAll(() => {
    [sheets, wideCss] = inProduction<[AntdStylesheet[], string]>("[plugin.antdStylesheets('src'), extract.extractLightThemeStyles(extract.antdComponentsUsed('src'), false)]");
  }, 120_000);

  test('one, for phone screens, named by its content', () => {
    expect(sheets.map(({ file, media }) => [file.replace(/\.[0-9a-f]{8}\./, '.HASH.'), media])).toEqual([['antd-phone.HASH.css', '(max-width: 768px)']]);
    expect(sheets[0].file).toBe(`antd-phone.${createHash('sha256').update(sheets[0].css).digest('hex').slice(0, 8)}.css`);
  });

  test('production class names, and a cache path for every component style, popups included', () => {
    const { css } = sheets[0];
    expect(css).not.toContain('css-dev-only');
    expect(css).toMatch(/:where\(\.css-[a-z0-9]+\)\.ant-btn/);
    const components = cachedPaths(css).map((entry) => entry.split('|')[1]);
    expect(components).toEqual(expect.arrayContaining(['Button-Button', 'Card-Card', 'Typography-Typography', 'Tooltip-Tooltip', 'Modal-Modal', 'Message-Message']));
  });

  test('it is the phone’s theme: touch-sized inputs, and no token hash of the wider screens’ theme', () => {
    const tokens = (css: string) => cachedPaths(css).filter((entry) => !entry.includes('|ant-design-icons|')).map((entry) => entry.split('|')[0]);
    const wide = tokens(wideCss);
    expect(tokens(sheets[0].css).filter((hash) => wide.includes(hash))).toEqual([]);
    // the select's single line: antd writes the touch height, 44 px on phones, 32 px wider
    expect(sheets[0].css).toMatch(/\.ant-select-single[^{]*\{[^}]*height:44px/);
    expect(wideCss).toMatch(/\.ant-select-single[^{]*\{[^}]*height:32px/);
  });
});

test('extraction refuses to run outside production (the classes would not match the app’s)', () => {
  expect(() => extractLightThemeStyles(['Button'], true)).toThrow(/NODE_ENV=production/);
});

test('the link goes before umi.css, with its media query', () => {
  const $ = load('<html><head><meta charset="utf-8"><link rel="icon" href="/icon.svg"><link rel="stylesheet" href="/umi.css"></head><body></body></html>');
  linkAntdStylesheets($, [{ file: 'antd-phone.aaaaaaaa.css', media: '(max-width: 768px)', css: '' }], '/');
  expect($('head link[rel="stylesheet"]').toArray().map((link) => [$(link).attr('href'), $(link).attr('media')])).toEqual([
    ['/antd-phone.aaaaaaaa.css', '(max-width: 768px)'],
    ['/umi.css', undefined],
  ]);
});

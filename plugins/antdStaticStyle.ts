/**
 * antd's styles from a stylesheet instead of start-up script (issue 15): at build time, the phone's
 * light-theme styles of every antd component the app imports are written to a content-hashed file,
 * linked for phone screens only, before umi.css (plugins/antdStyles/extract.ts says how the browser
 * then skips computing them). It blocks rendering only on phones; wider screens, the dark theme and
 * `max dev` compute their styles in the browser, as antd does by default. Wider screens have no
 * sheet of their own because a browser downloads every linked stylesheet, matching or not: a
 * second 44 KB sheet would compete for a phone's slow link with what the phone needs, to save
 * work on machines that are several times faster.
 */
import type { IApi } from '@umijs/max';
import type { CheerioAPI } from '@umijs/utils/compiled/cheerio';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PHONE_MEDIA_QUERY } from '../src/constants/app';
import { antdComponentsUsed, extractLightThemeStyles } from './antdStyles/extract';

export interface AntdStylesheet {
  /** file name in the output folder, e.g. antd-phone.1a2b3c4d.css */
  file: string;
  /** media query of the screens the file serves */
  media: string;
  css: string;
}

/** The phone's light-theme stylesheet, named by its content. */
export function antdStylesheets(srcDir: string): AntdStylesheet[] {
  const css = extractLightThemeStyles(antdComponentsUsed(srcDir), true);
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 8);
  return [{ file: `antd-phone.${hash}.css`, media: PHONE_MEDIA_QUERY, css }];
}

/**
 * Links the stylesheets before the first one already there (umi.css), so the app's own rules still
 * come after antd's, as when antd put its styles at the start of <head> (exported for its unit test).
 */
export function linkAntdStylesheets($: CheerioAPI, sheets: AntdStylesheet[], publicPath: string): CheerioAPI {
  const links = sheets.map(({ file, media }) => `<link rel="stylesheet" href="${publicPath}${file}" media="${media}">`).join('');
  const first = $('head link[rel="stylesheet"]').first();
  if (first.length) first.before(links);
  else $('head').append(links);
  return $;
}

export default (api: IApi) => {
  api.describe({ key: 'antdStaticStyle' });
  if (api.env !== 'production') return;
  let sheets: AntdStylesheet[] | undefined;
  api.modifyHTML(($) => {
    if (!sheets) {
      sheets = antdStylesheets(api.paths.absSrcPath);
      for (const { file, css } of sheets) writeFileSync(path.join(api.paths.absOutputPath, file), css);
    }
    return linkAntdStylesheets($, sheets, api.config.publicPath ?? '/');
  });
};

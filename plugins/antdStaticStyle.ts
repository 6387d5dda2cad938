/**
 * antd's styles from stylesheets instead of start-up script (issue 15): at build time, the light
 * theme's styles of every antd component the app imports are written to two content-hashed files,
 * one for phones and one for wider screens, linked with their media queries before umi.css
 * (plugins/antdStyles/extract.ts says how the browser then skips computing them). Each file blocks
 * rendering only where its media query matches, and only the production build has them: `max dev`
 * computes every style in the browser, as antd does by default.
 */
import type { IApi } from '@umijs/max';
import type { CheerioAPI } from '@umijs/utils/compiled/cheerio';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PHONE_MAX_WIDTH } from '../src/constants/app';
import { antdComponentsUsed, extractLightThemeStyles } from './antdStyles/extract';

export interface AntdStylesheet {
  /** file name in the output folder, e.g. antd-phone.1a2b3c4d.css */
  file: string;
  /** media query of the screens the file serves */
  media: string;
  css: string;
}

/** The two light-theme stylesheets (phone and wider), named by their content. */
export function antdStylesheets(srcDir: string): AntdStylesheet[] {
  const names = antdComponentsUsed(srcDir);
  return [
    { name: 'phone', phone: true, media: `(max-width: ${PHONE_MAX_WIDTH}px)` },
    { name: 'wide', phone: false, media: `(min-width: ${PHONE_MAX_WIDTH + 1}px)` },
  ].map(({ name, phone, media }) => {
    const css = extractLightThemeStyles(names, phone);
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 8);
    return { file: `antd-${name}.${hash}.css`, media, css };
  });
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

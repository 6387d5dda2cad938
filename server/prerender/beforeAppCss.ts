import type { CheerioAPI } from '@umijs/utils/compiled/cheerio';

/**
 * Puts `marker` in <head> ahead of the app's own CSS, where antd's runtime places its styles, so
 * the app's rules override antd's; at the end of <head> when the document links no CSS. The
 * caller swaps the marker for its markup after serializing, so that markup goes in verbatim.
 */
export function placeBeforeAppCss($: CheerioAPI, marker: string): void {
  const appCss = $('head link[rel="stylesheet"]').first();
  if (appCss.length) appCss.before(marker);
  else $('head').append(marker);
}

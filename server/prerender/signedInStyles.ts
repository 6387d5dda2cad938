/**
 * The antd styles of the signed-in first screens in the app's document (dist/index.html), which
 * every page that is not prerendered is sent, and the service worker keeps as the shell
 * (src/prerender/signedInStyles.tsx renders them; plugins/signedInStyles writes them). A
 * prerendered page carries its own styles and cache-path map instead: antd reads only one map, so
 * its document is made without these (./prerenderedDocument.ts).
 */
import type { CheerioAPI } from '@umijs/utils/compiled/cheerio';
import { load } from '@umijs/utils/compiled/cheerio';
import { placeBeforeAppCss } from './beforeAppCss';

/** marks each <style> element written here */
export const SIGNED_IN_STYLES_ATTRIBUTE = 'data-signed-in-styles';

const PLACE = '<!--signed-in-styles-->';

/** `indexHtml` with `styles` (extractStyle's <style> elements) ahead of the app's CSS, as antd's runtime places them; any written before are replaced. */
export function withSignedInStyles(indexHtml: string, styles: string): string {
  const $ = load(indexHtml);
  withoutSignedInStyles($);
  placeBeforeAppCss($, PLACE);
  const marked = styles.replaceAll('<style ', `<style ${SIGNED_IN_STYLES_ATTRIBUTE} `);
  return $.html().replace(PLACE, () => marked);
}

/** Removes the styles written by withSignedInStyles from a loaded document. */
export function withoutSignedInStyles($: CheerioAPI): CheerioAPI {
  $(`style[${SIGNED_IN_STYLES_ATTRIBUTE}]`).remove();
  return $;
}

/**
 * Server side only: plugins/prerender adds this module to Umi's Node bundle (never the browser's),
 * so it renders with the same React and antd as the app, at build time and, with the page's API
 * answers, at run time (server/prerender). Renders the app's element to HTML once every lazy page
 * has loaded (`onAllReady`: no pending Suspense, no inline script), with the antd styles that
 * render used, which are the page's critical CSS.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'stream';
import type { PageAnswers } from '../../contract/rules/pageData';
import { PageDataProvider } from './pageData';

/** The attribute of the `<style>` that carries antd's cache-path map (cssinjs's ATTR_CACHE_MAP, not exported). */
const CACHE_MAP_ATTRIBUTE = 'data-ant-cssinjs-cache-path';

/** Marks the map's element instead, where nothing in antd looks for it. */
const STYLE_MAP_ATTRIBUTE = 'data-antd-style-map';

/**
 * extractStyle's `<style>` elements, their cache-path map marked as from a stylesheet. antd reads
 * the map from its rule either way; the attribute on its element tells antd the styles are
 * inline, so that as each component first renders, antd reads its style's text back and writes it
 * again when it differs from its own, in the commit that hydrates the page (on `/`, 33–56 ms at
 * 4× CPU in rc-util's updateCSS alone). Without the attribute antd takes each style the map names
 * as loaded, which it is: the elements stay in the document for the page's life.
 */
export function documentStyles(cache: ReturnType<typeof createCache>): string {
  const styles = extractStyle(cache);
  const mapElement = `<style ${CACHE_MAP_ATTRIBUTE}="${CACHE_MAP_ATTRIBUTE}">`;
  if (!styles.includes(mapElement)) throw new Error(`renderToHtml: extractStyle wrote no ${mapElement}`);
  return styles.replace(mapElement, `<style ${STYLE_MAP_ATTRIBUTE}>`);
}

export function renderToHtml(app: ReactElement, answers: PageAnswers = {}): Promise<{ html: string; styles: string }> {
  const cache = createCache();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, next) {
        chunks.push(Buffer.from(chunk));
        next();
      },
    });
    sink.on('finish', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), styles: documentStyles(cache) }));
    const stream = renderToPipeableStream(
      <StyleProvider cache={cache}>
        <PageDataProvider answers={answers}>{app}</PageDataProvider>
      </StyleProvider>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: reject,
      },
    );
  });
}

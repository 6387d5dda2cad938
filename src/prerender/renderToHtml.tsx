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
    sink.on('finish', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), styles: extractStyle(cache) }));
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

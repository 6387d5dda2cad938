/**
 * The API answers a prerendered page was rendered with, for its first render: on the server, the
 * ones it was given (renderToHtml); in the browser, while hydrating, the document's data block
 * (server/prerender/prerenderedDocument.ts). The first render then shows the same data as the markup
 * instead of a skeleton, so React hydrates it; the page still sends its requests as usual and
 * their answers replace these. Any other render gets nothing and shows its skeleton.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageAnswers, type PageDataName } from '../../contract/rules/pageData';
import { isHydrating, whenHydrated } from './hydration';

const RenderedWith = createContext<PageAnswers | undefined>(undefined);

/** Server side: the answers the page is rendered with. */
export function PageDataProvider({ answers, children }: { answers: PageAnswers; children: ReactNode }) {
  return <RenderedWith.Provider value={answers}>{children}</RenderedWith.Provider>;
}

let fromDocument: PageAnswers | undefined;

/** The document's answers, read once; dropped once the page has hydrated (a later visit to the page fetches as usual). */
function documentAnswers(): PageAnswers {
  if (fromDocument) return fromDocument;
  fromDocument = {};
  const block = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!block) return fromDocument;
  try {
    fromDocument = JSON.parse(block.textContent ?? '{}') as PageAnswers;
  } catch {
    // a damaged block: the page loads its data as without one
  }
  block.remove();
  void whenHydrated().then(() => {
    fromDocument = {};
  });
  return fromDocument;
}

/** Whether an answer fetched again is the one the page was rendered with (answers are JSON). */
export function sameAnswer(fresh: unknown, rendered: unknown): boolean {
  return JSON.stringify(fresh) === JSON.stringify(rendered);
}

/** The answer the page was rendered with, kept for this component's life; undefined when not rendering a prerendered page with data. */
export function useRenderedAnswer<T>(name: PageDataName): T | undefined {
  const rendered = useContext(RenderedWith);
  const [answer] = useState(() => {
    if (rendered) return rendered[name] as T | undefined;
    return typeof document !== 'undefined' && isHydrating() ? (documentAnswers()[name] as T | undefined) : undefined;
  });
  return answer;
}

/**
 * The public API answers a prerendered page shows (its catalogue data), by name, for the server
 * that renders the page with them at run time (server/prerender) and the browser that hydrates
 * it: the server fetches each one, renders the page with the answers and writes them into the
 * document as a data block; while hydrating, the page takes its first data from that block
 * instead of showing a skeleton. No endpoint is imported here: this module is in the browser's
 * first load, the contract's schemas are not.
 */

/** How many rows a list (src/components/InfiniteList) asks for per page. */
export const LIST_PAGE_SIZE = 20;

/** A list's first page as InfiniteList asks for it, unfiltered (the query string its request sends). */
export const FIRST_PAGE_QUERY = `page=1&pageSize=${LIST_PAGE_SIZE}&count=false`;

/** How many products of each kind the home page features. */
export const FEATURED_PAGE_SIZE = 2;

/**
 * The answers a page can be rendered with: /shopping's goods grid as it first shows (every
 * category, no keyword), /calculate's power products, and the home page's banners and notices
 * and its featured power and finance products.
 */
export type PageDataName = 'shoppingGoods' | 'calculatePower' | 'homeLinks' | 'homePower' | 'homeFinance';

/** Each answer (the envelope's `data`), by name. */
export type PageAnswers = Readonly<Partial<Record<PageDataName, unknown>>>;

/** The id of the document's data block (`<script type="application/json">`, never run: the CSP is unchanged). */
export const PAGE_DATA_ELEMENT_ID = 'pf-page-data';

/**
 * The answers as the data block's text. Operators' text is hostile input: every `<` is escaped,
 * so no `</script>` or `<!--` in a title can end the block or change how the browser parses it.
 */
export function pageDataJson(answers: PageAnswers): string {
  return JSON.stringify(answers).replace(/</g, '\\u003c');
}

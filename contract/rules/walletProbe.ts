/**
 * The login page's answer to "is there a wallet here?" before the app has run. The prerendered
 * page carries both the wallet search and the no-wallet hint, the hint `hidden`; a script of the
 * document (server/prerender/walletProbe.ts) marks <html> when the page has no wallet, and the
 * document's CSS then shows the hint in the search's place. The app renders the same markup, so
 * hydration keeps those nodes, and settles the answer after its own wait for late wallets.
 */

/** EIP-6963's events: a wallet announces itself on the first, in answer to the second. */
export const EIP6963_ANNOUNCE_EVENT = 'eip6963:announceProvider';
export const EIP6963_REQUEST_EVENT = 'eip6963:requestProvider';

/** On <html>: the document's script found no wallet as the page was parsed. */
export const NO_WALLET_MARK = 'data-no-wallet';
/** The wallet search (a spinner) shown while the app waits for wallets. */
export const WALLET_SEARCH_ATTRIBUTE = 'data-wallet-search';
/** The no-wallet hint, rendered from the start and hidden until the answer is "none". */
export const NO_WALLET_HINT_ATTRIBUTE = 'data-no-wallet-hint';
/** The hint's copy of the page's address, which the prerendered markup cannot know. */
export const PAGE_LINK_ATTRIBUTE = 'data-page-link';

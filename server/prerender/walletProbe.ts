/**
 * The prerendered login page's wallet probe (contract/rules/walletProbe.ts): an inline script at the
 * top of <head>, run before the browser paints any of the page. Wallets inject `window.ethereum`
 * before a page's scripts run, and an EIP-6963 wallet answers the request for announcements at
 * once, so a page with neither has no wallet: the script marks <html>, and the CSS below shows the
 * hint from the first paint (a long document is painted before its parse ends). When the parse
 * ends, before the app's deferred scripts, it writes the page's address into the hint. The app
 * still waits DISCOVERY_WAIT_MS for a wallet that answers late, and lists it in the hint's place.
 *
 * The CSP allows this one script by its hash (server/http/security.ts), never `unsafe-inline`.
 */
import { createHash } from 'node:crypto';
import {
  EIP6963_ANNOUNCE_EVENT,
  EIP6963_REQUEST_EVENT,
  NO_WALLET_HINT_ATTRIBUTE,
  NO_WALLET_MARK,
  PAGE_LINK_ATTRIBUTE,
  WALLET_SEARCH_ATTRIBUTE,
} from '../../contract/rules/walletProbe';

export const WALLET_PROBE_SCRIPT = [
  '(function(){',
  'var found=!!window.ethereum;',
  'function announced(){found=true}',
  `window.addEventListener('${EIP6963_ANNOUNCE_EVENT}',announced);`,
  `window.dispatchEvent(new Event('${EIP6963_REQUEST_EVENT}'));`,
  `window.removeEventListener('${EIP6963_ANNOUNCE_EVENT}',announced);`,
  'if(found)return;',
  `document.documentElement.setAttribute('${NO_WALLET_MARK}','');`,
  "document.addEventListener('readystatechange',function fill(){",
  "document.removeEventListener('readystatechange',fill);",
  `var link=document.querySelector('[${PAGE_LINK_ATTRIBUTE}]');`,
  'if(link)link.textContent=location.href;',
  '});',
  '})();',
].join('');

export const WALLET_PROBE_CSP_SOURCE = `'sha256-${createHash('sha256').update(WALLET_PROBE_SCRIPT).digest('base64')}'`;

/** Once <html> is marked: the hint instead of the search (over the app CSS's `[hidden]{display:none!important}`). */
export const WALLET_PROBE_CSS = [
  `html[${NO_WALLET_MARK}] [${NO_WALLET_HINT_ATTRIBUTE}]{display:block!important}`,
  `html[${NO_WALLET_MARK}] [${WALLET_SEARCH_ATTRIBUTE}]{display:none}`,
].join('\n');

/** Whether a page's markup has the hint the probe answers for. */
export const needsWalletProbe = (markup: string): boolean => markup.includes(NO_WALLET_HINT_ATTRIBUTE);

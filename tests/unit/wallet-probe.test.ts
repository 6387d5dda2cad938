/**
 * The login document's wallet probe (server/prerender/walletProbe.ts), run as a browser runs the
 * inline script: only when the page has no wallet, neither an injected provider nor an EIP-6963
 * wallet answering the request, it marks <html> at once and writes in the page's address when the
 * parse ends.
 */
import { NO_WALLET_MARK, PAGE_LINK_ATTRIBUTE } from '../../contract/rules/walletProbe';
import { WALLET_PROBE_SCRIPT } from '../../server/prerender/walletProbe';

// the script's text as the document carries it, run in the page's global scope
const runProbe = () => new Function(WALLET_PROBE_SCRIPT)();
const marked = () => document.documentElement.hasAttribute(NO_WALLET_MARK);
const link = () => document.querySelector(`[${PAGE_LINK_ATTRIBUTE}]`)?.textContent;
/** The document's parse ending (readyState becomes "interactive"). */
const parseEnds = () => document.dispatchEvent(new Event('readystatechange'));

beforeEach(() => {
  document.documentElement.removeAttribute(NO_WALLET_MARK);
  document.body.innerHTML = `<span ${PAGE_LINK_ATTRIBUTE}></span>`;
  delete window.ethereum;
});

test('no wallet: <html> marked at once, the page address written into the hint when the parse ends, once', () => {
  window.history.replaceState(null, '', '/login?invite=AB12CD');
  runProbe();
  expect(marked()).toBe(true);
  expect(link()).toBe('');
  parseEnds();
  expect(link()).toBe('http://localhost:8000/login?invite=AB12CD');
  // the app owns the text after that (React writes the address it renders)
  document.querySelector(`[${PAGE_LINK_ATTRIBUTE}]`)!.textContent = 'rendered';
  parseEnds();
  expect(link()).toBe('rendered');
});

test('an injected provider: nothing marked or written, the search stays', () => {
  window.ethereum = { request: async () => null } as never;
  runProbe();
  parseEnds();
  expect(marked()).toBe(false);
  expect(link()).toBe('');
});

test('an EIP-6963 wallet answering the request: nothing marked or written', () => {
  let requests = 0;
  const answer = () => {
    requests += 1;
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'w' }, provider: {} } }));
  };
  window.addEventListener('eip6963:requestProvider', answer);
  try {
    runProbe();
    parseEnds();
    expect(requests).toBe(1);
    expect(marked()).toBe(false);
    expect(link()).toBe('');
  } finally {
    window.removeEventListener('eip6963:requestProvider', answer);
  }
});

/**
 * The README's configuration table lists every variable the server reads. `loadConfig` is run on
 * an environment that turns every part on (two watched networks, a signer key, price sources, cold
 * wallets) and records each name it asks for; the launcher's own `process.env` reads are found in
 * the source. A name with a network or currency in it is compared in the README's placeholder form
 * (`CHAIN_<NETWORK>_RPC_URL`), the networks and currencies being those of the rule tables. Fails
 * naming the variables the README lacks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { EXCHANGE_MAX_POSITION, MARKET_CURRENCIES } from '../../contract/rules/prices';
import { DEPOSIT_NETWORKS } from '../../contract/rules/wallet';
import { WITHDRAW_NETWORKS, WITHDRAW_PLATFORM_HOURLY_LIMIT } from '../../contract/rules/withdraw';
import { loadConfig } from '../../server/config';

const ROOT = path.join(__dirname, '..', '..');
/** what a name with a network or a currency in it may name, from the rule tables */
const NETWORKS = new Set([...DEPOSIT_NETWORKS.map((rule) => rule.network), ...WITHDRAW_NETWORKS]);
const CURRENCIES = new Set([...DEPOSIT_NETWORKS.map((rule) => rule.currency), ...MARKET_CURRENCIES, ...Object.keys(EXCHANGE_MAX_POSITION), ...Object.keys(WITHDRAW_PLATFORM_HOURLY_LIMIT)]);
/** set, but no part of the server's configuration: it must not count as read */
const UNRELATED = 'HOME_OF_SOMETHING_ELSE';
const TOKEN = '0x00000000000000000000000000000000000000aa';

/** every part of the configuration on, so that every conditional read happens */
const EVERYTHING_ON: Record<string, string> = {
  CHAIN_ERC20_RPC_URL: 'http://127.0.0.1:8545',
  CHAIN_ERC20_TOKEN_ADDRESS: TOKEN,
  CHAIN_BEP20_RPC_URL: 'http://127.0.0.1:8546',
  CHAIN_BEP20_TOKEN_ADDRESS: TOKEN,
  WITHDRAW_SIGNER_KEY: Wallet.createRandom().privateKey,
  PRICE_SOURCES_ETH: 'https://prices.example/eth#/price',
  COLD_WALLET_ADDRESSES_ERC20: Wallet.createRandom().address,
  [UNRELATED]: '/elsewhere',
};

/**
 * The names `loadConfig` gets a value of. Listing the names (Object.keys, to find the
 * `PRICE_SOURCES_<CURRENCY>`-like ones set) is not reading them; taking every value
 * (Object.entries, a spread) would make every name look read, which the UNRELATED name catches.
 */
function namesRead(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(EVERYTHING_ON, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  loadConfig(env);
  return read;
}

/**
 * `process.env.X` (or `process.env['X']`) in the server's source outside loadConfig (the cluster
 * launcher). Any other use of `process.env` but handing it on whole is one this scan cannot read:
 * it fails the test, so that such a name cannot hide from the README.
 */
function processEnvNames(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) processEnvNames(file, found);
    else if (file.endsWith('.ts')) {
      for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\b(\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])?/g)) {
        const name = match[2] ?? match[3];
        if (name) found.add(name);
        else if (!isHandedOnWhole(match.input, match.index)) throw new Error(`${path.relative(ROOT, file)} reads process.env in a way this test cannot follow: use process.env.NAME`);
      }
    }
  }
  return found;
}

/** `env: process.env`, `loadConfig(env = process.env)`: the whole environment passed on, not a name read */
function isHandedOnWhole(source: string, at: number): boolean {
  return /^[,;)}]/.test(source.slice(at + 'process.env'.length).trimStart());
}

/** a network or currency in a name becomes the README's placeholder: CHAIN_ERC20_RPC_URL → CHAIN_<>_RPC_URL */
function placeholderForm(name: string): string {
  return name
    .split('_')
    .map((part) => (NETWORKS.has(part) || CURRENCIES.has(part) ? '<>' : part))
    .join('_');
}

function readmeNames(): Set<string> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('The server reads its settings from the environment');
  const rows = readme.slice(start).split('\n\n')[1].split('\n').filter((line) => line.startsWith('| `'));
  const names = new Set<string>();
  for (const row of rows) {
    const first = row.split('|')[1];
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_<>]+)`/g)) names.add(match[1].replace(/<[A-Z]+>/g, '<>'));
  }
  return names;
}

test('the recording counts only the names the configuration asks for', () => {
  expect(namesRead().has(UNRELATED)).toBe(false);
  expect(namesRead().has('COLD_WALLET_ADDRESSES_ERC20')).toBe(true);
});

test('every variable the server reads is in the README\'s configuration table', () => {
  const documented = readmeNames();
  const read = [...namesRead(), ...processEnvNames(path.join(ROOT, 'server'))].map(placeholderForm);
  expect([...new Set(read.filter((name) => !documented.has(name)))].sort()).toEqual([]);
});

test('the README documents no variable the server does not read', () => {
  const read = new Set([...namesRead(), ...processEnvNames(path.join(ROOT, 'server'))].map(placeholderForm));
  expect([...readmeNames()].filter((name) => !read.has(name)).sort()).toEqual([]);
});

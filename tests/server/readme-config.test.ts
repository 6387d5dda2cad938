/**
 * The README's configuration table lists every variable the server reads. `loadConfig` is run on
 * an environment that turns every part on (two watched networks, a signer key, price sources, cold
 * wallets) and records each name it asks for; the launcher's own `process.env` reads are found in
 * the source. A name with a network or currency in it is compared in the README's placeholder form
 * (`CHAIN_<NETWORK>_RPC_URL`). Fails naming the variables the README lacks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { loadConfig } from '../../server/config';

const ROOT = path.join(__dirname, '..', '..');
const NETWORKS = ['ERC20', 'BEP20'];
const CURRENCIES = ['USDT', 'ETH', 'BTC', 'FIL'];
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
};

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

/** `process.env.X` in the server's source outside loadConfig (the cluster launcher) */
function processEnvNames(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) processEnvNames(file, found);
    else if (file.endsWith('.ts')) for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) found.add(match[1]);
  }
  return found;
}

/** a network or currency in a name becomes the README's placeholder: CHAIN_ERC20_RPC_URL → CHAIN_<>_RPC_URL */
function placeholderForm(name: string): string {
  return name
    .split('_')
    .map((part) => (NETWORKS.includes(part) || CURRENCIES.includes(part) ? '<>' : part))
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

test('every variable the server reads is in the README\'s configuration table', () => {
  const documented = readmeNames();
  const read = [...namesRead(), ...processEnvNames(path.join(ROOT, 'server'))].map(placeholderForm);
  expect([...new Set(read.filter((name) => !documented.has(name)))].sort()).toEqual([]);
});

test('the README documents no variable the server does not read', () => {
  const read = new Set([...namesRead(), ...processEnvNames(path.join(ROOT, 'server'))].map(placeholderForm));
  expect([...readmeNames()].filter((name) => !read.has(name)).sort()).toEqual([]);
});

/**
 * The server's layout (issue 14): server/routes/<domain>.ts serves contract/<domain>.ts, all of it
 * and nothing else, so an endpoint is found from its contract entry in one hop; app.ts registers
 * every route file from its one list; route files hold no SQL and no transactions (the queries
 * live in the domain folders: server/ledger/, server/mall/, server/products/, ...).
 * Read from the sources: which file registers an endpoint is a fact about the code, not the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract, type Domain } from '../../contract';

const ROUTES = path.resolve(__dirname, '../../server/routes');
const APP = path.resolve(__dirname, '../../server/app.ts');
const routeFiles = fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts'));
const source = (file: string) => fs.readFileSync(path.join(ROUTES, file), 'utf8');
const DOMAINS = Object.keys(contract) as Domain[];

describe('server/routes', () => {
  it('has one file per contract domain and no other', () => {
    expect(routeFiles.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...DOMAINS].sort());
  });

  it.each(DOMAINS)('routes/%s.ts registers every endpoint of its contract domain and only those', (domain) => {
    const used = [...source(`${domain}.ts`).matchAll(/contract\.(\w+)\.(\w+)/g)].map(([, d, name]) => `${d}.${name}`);
    expect([...new Set(used)].sort()).toEqual(Object.keys(contract[domain]).map((name) => `${domain}.${name}`).sort());
  });

  it('every route file is registered from the one list in server/app.ts', () => {
    const app = fs.readFileSync(APP, 'utf8');
    const list = /const DOMAIN_PLUGINS = \[([^\]]*)\]/.exec(app)?.[1] ?? '';
    for (const domain of DOMAINS) {
      const imported = new RegExp(`import (\\w+) from './routes/${domain}';`).exec(app)?.[1];
      expect({ domain, registered: Boolean(imported && new RegExp(`\\b${imported}\\b`).test(list)) }).toEqual({ domain, registered: true });
    }
  });

  it.each(routeFiles)('%s holds no SQL, query builder or transaction', (file) => {
    const text = source(file);
    const found = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'transaction(', 'runMoneyTransaction', "from 'kysely'", 'sql`'].filter((word) => text.includes(word));
    expect({ file, found }).toEqual({ file, found: [] });
  });
});

/**
 * The server's layout: server/routes/<domain>.ts serves contract/<domain>.ts, all of it and nothing
 * else, so an endpoint is found from its contract entry in one hop (the operator console's domain,
 * one file per area: server/routes/admin/<area>.ts serves contract/admin/<area>.ts); app.ts
 * registers every route file from its one list; route files hold no SQL and no transactions (the
 * queries live in the domain folders: server/ledger/, server/mall/, server/operators/, ...).
 * Read from the sources: which file registers an endpoint is a fact about the code, not the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract, type Domain } from '../../contract';

const ROUTES = path.resolve(__dirname, '../../server/routes');
const ADMIN_CONTRACT = path.resolve(__dirname, '../../contract/admin');
const APP = path.resolve(__dirname, '../../server/app.ts');
const tsFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
const ADMIN_AREAS = tsFiles(path.join(ROUTES, 'admin'));
const routeFiles = [...tsFiles(ROUTES), ...ADMIN_AREAS.map((area) => `admin/${area}`)].map((f) => `${f}.ts`);
const source = (file: string) => fs.readFileSync(path.join(ROUTES, file), 'utf8');
const DOMAINS = (Object.keys(contract) as Domain[]).filter((domain) => domain !== 'admin');
const endpointsUsed = (file: string) => [...new Set([...source(file).matchAll(/contract\.(\w+)\.(\w+)/g)].map(([, d, name]) => `${d}.${name}`))].sort();

describe('server/routes', () => {
  it('has one file per contract domain and no other, and one per operator area', () => {
    expect(tsFiles(ROUTES).sort()).toEqual([...DOMAINS].sort());
    expect(ADMIN_AREAS.sort()).toEqual(tsFiles(ADMIN_CONTRACT).filter((area) => area !== 'common').sort());
  });

  it.each(DOMAINS)('routes/%s.ts registers every endpoint of its contract domain and only those', (domain) => {
    expect(endpointsUsed(`${domain}.ts`)).toEqual(Object.keys(contract[domain]).map((name) => `${domain}.${name}`).sort());
  });

  it.each(ADMIN_AREAS)('routes/admin/%s.ts registers every endpoint of its contract/admin file and only those', (area) => {
    const module = require(path.join(ADMIN_CONTRACT, `${area}.ts`)) as Record<string, unknown>;
    const [endpoints] = Object.entries(module).filter(([name]) => /^admin\w+Endpoints$/.test(name)).map(([, value]) => value as object);
    expect(endpointsUsed(`admin/${area}.ts`)).toEqual(Object.keys(endpoints).map((name) => `admin.${name}`).sort());
  });

  it('every route file is registered from the one list in server/app.ts', () => {
    const app = fs.readFileSync(APP, 'utf8');
    const list = /const DOMAIN_PLUGINS = \[([^\]]*)\]/.exec(app)?.[1] ?? '';
    for (const domain of [...DOMAINS, ...ADMIN_AREAS.map((area) => `admin/${area}`)]) {
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

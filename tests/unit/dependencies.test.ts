/**
 * package.json sorts packages by who needs them. `dependencies`: what the server runs and the app is
 * built from (imported by server/, contract/, src/, config/, plugins/, .umirc.ts), and the tools
 * `npm start` runs itself. `devDependencies`: what only tests, benchmarks, mocks and the type check
 * use. Nothing is listed that nothing uses. (A plain `npm install` installs both lists, which is what
 * `npm install && npm start` relies on.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** what `npm start` runs without importing it: tsx loads the server, Umi builds dist/ when it is missing (server/main.ts) */
const START_TOOLS = ['tsx', '@umijs/max'];
/** Umi's jest preset for a browser target names its environment, `jsdom`, not the package (jest.config.js) */
const NAMED_BY_A_PRESET = ['jest-environment-jsdom'];

const PRODUCTION = ['server', 'contract', 'src', 'config', 'plugins', '.umirc.ts', 'typings.d.ts'];
const DEVELOPMENT = ['tests', 'bench', 'scripts', 'mock', 'jest.config.js', 'jest.server.config.js', 'jest.e2e.config.js', 'eslint.config.mjs', '.ci'];
const GENERATED = new Set(['node_modules', '.umi', '.umi-production', '.umi-test']);

function sourceFiles(entry: string, found: string[] = []): string[] {
  const file = path.join(ROOT, entry);
  if (!existsSync(file)) return found;
  if (statSync(file).isFile()) {
    found.push(file);
    return found;
  }
  for (const name of readdirSync(file)) if (!GENERATED.has(name)) sourceFiles(path.join(entry, name), found);
  return found;
}

const texts = (entries: string[]) => entries.flatMap((entry) => sourceFiles(entry)).map((file) => readFileSync(file, 'utf8'));

/** the packages `from 'x'`, `import 'x'`, `import('x')` or `require('x')` name (a subpath counts for its package) */
function imported(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*)['"]((?:@[\w.-]+\/)?[\w.-]+)/g)) names.add(match[1]);
  }
  return names;
}

/** a package run as a program: one of its commands, or a file of it under node_modules/, named in a script */
function runFrom(sources: string[], name: string): boolean {
  const file = path.join(ROOT, 'node_modules', name, 'package.json');
  const bin = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { bin?: string | Record<string, string> }).bin : undefined;
  const commands = typeof bin === 'string' ? [name.split('/').pop()!] : Object.keys(bin ?? {});
  return sources.some((source) => source.includes(`node_modules/${name}/`) || commands.some((command) => new RegExp(`(^|[\\s'"\`/])${command}([\\s'"\`]|$)`, 'm').test(source)));
}

/** `@types/x` is used with x */
const typedPackage = (name: string) => (name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : null);

const production = imported(texts(PRODUCTION));
const developmentSources = [...texts(DEVELOPMENT), ...Object.values(manifest.scripts)];
const development = imported(developmentSources);

test('every dependency is something the server runs, the app is built from, or npm start runs', () => {
  const notProduction = Object.keys(manifest.dependencies).filter((name) => !production.has(name) && !START_TOOLS.includes(name));
  expect(notProduction).toEqual([]);
});

test('every development dependency is used by the tests, benchmarks, mocks, scripts or type check', () => {
  const used = (name: string): boolean => {
    const typed = typedPackage(name);
    if (typed) return used(typed) || production.has(typed);
    return development.has(name) || production.has(name) || NAMED_BY_A_PRESET.includes(name) || runFrom(developmentSources, name);
  };
  expect(Object.keys(manifest.devDependencies).filter((name) => !used(name))).toEqual([]);
});

test('no package is in both lists', () => {
  expect(Object.keys(manifest.dependencies).filter((name) => name in manifest.devDependencies)).toEqual([]);
});

/**
 * Which folder's code may import which. plugins/ is build-time code (Umi's plugins) and runs only
 * in `max build` and `max dev`: the server, the app and the contract import nothing from it. The
 * app (src/) runs in the browser and imports nothing from the server; the contract, shared by all,
 * imports from neither.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const GENERATED = new Set(['.umi', '.umi-production', '.umi-test', 'node_modules']);

function sourceFiles(folder: string, found: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (GENERATED.has(name)) continue;
    if (statSync(file).isDirectory()) sourceFiles(file, found);
    else if (/\.(ts|tsx)$/.test(name)) found.push(file);
  }
  return found;
}

/** the project folders `file`'s relative imports reach */
function foldersImportedBy(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)'(\.[^']*)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep)[0]);
}

it.each([
  ['server', ['plugins']],
  ['src', ['plugins', 'server']],
  ['contract', ['plugins', 'server', 'src']],
])('%s/ imports nothing from %p', (folder, forbidden) => {
  const offending = sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
    foldersImportedBy(file)
      .filter((target) => forbidden.includes(target))
      .map((target) => `${path.relative(ROOT, file)} → ${target}/`),
  );
  expect(offending).toEqual([]);
});

it('sees the relative imports it checks', () => {
  // a file known to import from contract/ by a relative path
  expect(foldersImportedBy(path.join(ROOT, 'server', 'prerender', 'pageDocuments.ts'))).toContain('contract');
});

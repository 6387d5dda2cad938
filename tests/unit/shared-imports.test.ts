/**
 * @jest-environment node
 *
 * The mocks and the contract never import the server: a rule both sides follow lives in
 * contract/rules/ (or the seed in contract/seed/) and each side imports it from there. The contract
 * also runs in the browser, so it imports no Node built-in either. plugins/ is build-time code
 * (Umi's plugins, run by `max build` and `max dev`): the server, the app and the contract import
 * nothing from it. The app (src/) runs in the browser and the server does not import it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sourceFiles, specifiersOf } from './sourceFiles';
import { PROJECT_ROOT as root } from '../projectCommand';

/** The imports of the files under `dir` that resolve into the repository's `folder` (server, say). */
function importsInto(dir: string, folder: string): string[] {
  const named = new RegExp(`^@?/?${folder}/`);
  return sourceFiles(dir).flatMap((file) =>
    specifiersOf(fs.readFileSync(path.join(root, file), 'utf8'))
      .filter((specifier) => {
        if (!specifier.startsWith('.')) return named.test(specifier);
        const target = path.relative(root, path.resolve(root, path.dirname(file), specifier));
        return target === folder || target.startsWith(`${folder}${path.sep}`);
      })
      .map((specifier) => `${file}: ${specifier}`),
  );
}

describe('shared code never imports the server', () => {
  it('finds the imports it looks for', () => {
    expect(specifiersOf(`import a from '../server/x';\nimport type { B } from "../server/y";\nexport * from '../server/z';\nconst c = require('../server/w');\nimport('../server/v');\nimport '../server/u';`))
      .toEqual(['../server/x', '../server/y', '../server/z', '../server/u', '../server/w', '../server/v']);
    // a chunk name for webpack before the specifier hides nothing
    expect(specifiersOf(`import(/* webpackChunkName: "x" */ '../server/t');`)).toEqual(['../server/t']);
  });

  it.each(['mock', 'contract'])('%s/ imports nothing from server/', (dir) => {
    expect(sourceFiles(dir).length).toBeGreaterThan(0);
    expect(importsInto(dir, 'server')).toEqual([]);
  });

  it.each([
    ['server', 'plugins'],
    ['src', 'plugins'],
    ['contract', 'plugins'],
    ['src', 'server'],
    ['server', 'src'],
    ['contract', 'src'],
  ])('%s/ imports nothing from %s/', (dir, folder) => {
    expect(importsInto(dir, folder)).toEqual([]);
  });

  it('finds a relative import into another folder', () => {
    // a file known to import from contract/ by a relative path
    expect(importsInto('server/prerender', 'contract')).toContain("server/prerender/pageDocuments.ts: ../../contract/features");
  });

  it('contract/ imports no Node built-in (it runs in the browser too)', () => {
    const nodeImports = sourceFiles('contract').flatMap((file) =>
      specifiersOf(fs.readFileSync(path.join(root, file), 'utf8'))
        .filter((specifier) => specifier.startsWith('node:') || ['crypto', 'fs', 'path', 'os', 'buffer'].includes(specifier))
        .map((specifier) => `${file}: ${specifier}`));
    expect(nodeImports).toEqual([]);
  });
});

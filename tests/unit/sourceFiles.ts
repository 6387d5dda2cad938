/**
 * The repository's own source files and their imports, for the unit tests that check rules over
 * the code itself (which folder may import which, props kept out of the app, modules the build
 * replaces).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../projectCommand';


/** The .ts and .tsx files under `dir` (relative to the repository), as paths relative to it; Umi's generated src/.umi* are not ours. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.umi') ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every module specifier of `import … from`, `export … from`, `import('…')` (webpack's comments allowed before it) and `require('…')`. */
export function specifiersOf(source: string): string[] {
  const patterns = [/\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\b(?:import|require)\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*)*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

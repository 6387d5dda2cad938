/**
 * @jest-environment node
 *
 * plugins/compileHints: webpack's output scripts start with V8's compile hint, minified or not; the
 * line is in place before the source maps are made, so they still point at the right code (the
 * start-up bench names the code it samples through them); nothing but scripts takes it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { COMPILE_HINT, CompileHintsPlugin, takesCompileHint } from '../../plugins/compileHints';

// the webpack Umi builds with
const webpack = require('@umijs/bundler-webpack/compiled/webpack') as { webpack: (config: unknown) => Compiler };
const TerserPlugin = require('@umijs/bundler-webpack/compiled/terser-webpack-plugin');

interface Compiler {
  run(done: (error: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void): void;
}

async function build(minimize: boolean): Promise<{ dir: string; files: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  fs.writeFileSync(path.join(dir, 'entry.js'), "import('./later').then((m) => m.later());\nexport function marker() {\n  return 'entry-marker';\n}\nglobalThis.shown = marker();\n");
  fs.writeFileSync(path.join(dir, 'later.js'), "export function later() {\n  return 'later-marker';\n}\n");
  const compiler = webpack.webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'out'), filename: 'umi.[contenthash:8].js', chunkFilename: '[name].[contenthash:8].async.js' },
    devtool: 'source-map',
    optimization: { minimize, minimizer: [new TerserPlugin({ extractComments: false })] },
    plugins: [new CompileHintsPlugin(webpack as never)],
  });
  await new Promise<void>((resolve, reject) => compiler.run((error, stats) => (error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString())) : resolve())));
  return { dir, files: fs.readdirSync(path.join(dir, 'out')) };
}

describe.each([false, true])('a build (minified: %s)', (minimize) => {
  let dir = '';
  let files: string[] = [];
  beforeAll(async () => ({ dir, files } = await build(minimize)), 30_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('starts every script with the hint, and nothing else', () => {
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBe(2);
    for (const file of scripts) expect(fs.readFileSync(path.join(dir, 'out', file), 'utf8').startsWith(COMPILE_HINT)).toBe(true);
    for (const file of files.filter((name) => name.endsWith('.map'))) expect(fs.readFileSync(path.join(dir, 'out', file), 'utf8').startsWith('{')).toBe(true);
  });

  it('keeps the source maps pointing at the code', async () => {
    for (const [marker, source, line] of [['entry-marker', 'entry.js', 3], ['later-marker', 'later.js', 2]] as const) {
      const script = files.find((file) => file.endsWith('.js') && fs.readFileSync(path.join(dir, 'out', file), 'utf8').includes(marker))!;
      const code = fs.readFileSync(path.join(dir, 'out', script), 'utf8').split('\n');
      const at = code.findIndex((text) => text.includes(marker));
      expect(at).toBeGreaterThan(0);
      const map = await new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dir, 'out', `${script}.map`), 'utf8')));
      // the string's quotes are the minifier's choice
      const original = map.originalPositionFor({ line: at + 1, column: code[at].search(new RegExp(`['"]${marker}['"]`)) });
      expect([original.source?.endsWith(source), original.line]).toEqual([true, line]);
    }
  });
});

it('only scripts take it', () => {
  expect(['umi.1a2b.js', 'p__Home.3c4d.async.js'].every(takesCompileHint)).toBe(true);
  expect(['umi.1a2b.js.map', 'umi.1a2b.css', 'index.html'].some(takesCompileHint)).toBe(false);
});

/**
 * `node .ci/complete-lock.mjs [package-lock.json]`: adds lock entries for the other platforms'
 * optional native packages (rollup's, @utoo/pack's …) that a parent lists but the lock lacks.
 *
 * The npm registry reachable here carries only linux-x64 builds of such packages, so `npm install`
 * leaves the others out of the lock, and then `npm ci` refuses the lock ("Missing: … from lock
 * file"). An entry with its os/cpu/libc is enough: npm ci skips it on this platform without
 * fetching it. Entries already present are left alone, so running it twice changes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const CPUS = new Set(['arm', 'arm64', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x']);
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[base] || lock.packages[hoisted]) continue;
    const parts = name.split('/').pop().split('-');
    const osIndex = parts.findIndex((p) => ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'sunos', 'aix', 'netbsd'].includes(p));
    if (osIndex < 0 || !CPUS.has(parts[osIndex + 1])) continue;
    const platform = { os: [parts[osIndex]], cpu: [parts[osIndex + 1]] };
    const libc = parts.slice(osIndex + 2).find((p) => p === 'gnu' || p === 'musl' || p.startsWith('gnueabi') || p.startsWith('musleabi'));
    if (libc) platform.libc = [libc.startsWith('musl') ? 'musl' : 'glibc'];
    lock.packages[hoisted] = { version, ...platform, optional: true };
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} entries`);

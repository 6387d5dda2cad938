/**
 * `npm run bench:build`: how long `npm run build` takes against its 60 s budget.
 * The time is taken inside the build lock, so waiting for another build does not count.
 * Prints the figure; not part of npm test.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

const BUDGET_S = 60;

const run = spawnSync(
  'flock',
  ['/tmp/powerfi-build.lock', 'sh', '-c', 'start=$(date +%s%N); npm run build >&2 || exit 1; echo $(( ($(date +%s%N) - start) / 1000000 ))'],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (run.status !== 0) {
  console.error('npm run build failed');
  process.exit(1);
}
const seconds = Number(run.stdout.trim()) / 1000;
const verdict = seconds <= BUDGET_S ? 'within budget' : 'OVER BUDGET';
console.log(`\nnpm run build: ${seconds.toFixed(1)} s on ${cpus().length} cores (budget ${BUDGET_S} s): ${verdict}`);

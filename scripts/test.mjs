// `npm test`: every check, in order — typecheck, lint, unit and API tests, browser tests. Stops at the first
// failure. The API and browser tests use embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
// TEST_SKIP (a comma list of typecheck, lint, api, browser) leaves steps out: .ci/run runs the API tests on both
// databases but the typecheck, the lint and the browser tests once (they do not depend on the database, or are
// slow enough to run on one), and says so.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'typecheck', ['npm', 'run', 'typecheck']],
  ['lint', 'lint', ['npm', 'run', 'lint']],
  ['api', 'unit and API tests', ['npx', 'vitest', 'run']],
  ['browser', 'browser tests', ['npm', 'run', 'test:e2e']],
];
const skipped = new Set(
  (process.env.TEST_SKIP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
const unknown = [...skipped].filter((name) => !steps.some(([key]) => key === name));
if (unknown.length > 0) {
  console.error(`TEST_SKIP names no such step: ${unknown.join(', ')} (steps: ${steps.map(([key]) => key).join(', ')})`);
  process.exit(2);
}

const database = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : 'embedded PGlite';
console.log(`Running ${skipped.size ? 'the tests' : 'every test'} against ${database}`);
for (const [key, name, [command, ...args]] of steps) {
  if (skipped.has(key)) {
    console.log(`\n=== ${name}: skipped (TEST_SKIP) ===`);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}
console.log(skipped.size ? `\nAll checks passed (skipped: ${[...skipped].join(', ')}).` : '\nAll checks passed.');

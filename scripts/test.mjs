// `npm test`: every check, in order — typecheck and lint (side by side), unit and API tests, browser tests. Stops at
// the first failure. The API and browser tests use embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
// TEST_SKIP (a comma list of typecheck, lint, api, container, browser) leaves steps out: .ci/run runs the API tests
// on both databases but the typecheck, the lint, the container image and the browser tests once (they do not depend
// on the database, or are slow enough to run on one), and says so.
import { spawn } from 'node:child_process';

/**
 * The steps in order; steps of one group run side by side. The typecheck and the lint each run one process at a time
 * (four `tsc`, then eslint, the import rules and prettier: 61 and 59 s alone on the 2-core machine), so together they
 * take about what the longer takes, where one after the other took 120 s.
 */
const steps = [
  { key: 'typecheck', name: 'typecheck', command: ['npm', 'run', 'typecheck'], group: 'static' },
  { key: 'lint', name: 'lint', command: ['npm', 'run', 'lint'], group: 'static' },
  // The container image's test runs in a step of its own (it makes podman and a base image where it can), not twice.
  { key: 'api', name: 'unit and API tests', command: ['npx', 'vitest', 'run'], env: { CONTAINER_TEST: '0' } },
  { key: 'container', name: 'container image', command: ['node', 'scripts/container-test.mjs'] },
  { key: 'browser', name: 'browser tests', command: ['npm', 'run', 'test:e2e'] },
];
const skipped = new Set(
  (process.env.TEST_SKIP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
const unknown = [...skipped].filter((name) => !steps.some(({ key }) => key === name));
if (unknown.length > 0) {
  console.error(
    `TEST_SKIP names no such step: ${unknown.join(', ')} (steps: ${steps.map(({ key }) => key).join(', ')})`,
  );
  process.exit(2);
}

/** Runs a step; alone, its output goes straight through, beside others it is kept and printed when it ends. */
function run({ name, command: [command, ...args], env }, { alone }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!alone) {
        console.log(`\n=== ${name} (${Math.round((Date.now() - started) / 1000)} s) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, code, signal });
    });
  });
}

const database = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : 'embedded PGlite';
console.log(`Running ${skipped.size ? 'the tests' : 'every test'} against ${database}`);
for (let index = 0; index < steps.length;) {
  const { group } = steps[index];
  const batch = [];
  do batch.push(steps[index++]);
  while (group && steps[index]?.group === group);
  for (const step of batch.filter(({ key }) => skipped.has(key)))
    console.log(`\n=== ${step.name}: skipped (TEST_SKIP) ===`);
  const running = batch.filter(({ key }) => !skipped.has(key));
  if (running.length === 0) continue;
  const alone = running.length === 1;
  if (alone) console.log(`\n=== ${running[0].name} ===`);
  else console.log(`\n=== ${running.map(({ name }) => name).join(' and ')}, side by side ===`);
  const results = await Promise.all(running.map((step) => run(step, { alone })));
  const failed = results.find(({ code }) => code !== 0);
  if (failed) {
    console.error(`\n${failed.name} failed (exit ${failed.code ?? failed.signal})`);
    process.exit(failed.code || 1);
  }
}
console.log(skipped.size ? `\nAll checks passed (skipped: ${[...skipped].join(', ')}).` : '\nAll checks passed.');

// `npm test`: every check, in order — typecheck, lint, unit and API tests, browser tests. Stops at the first
// failure. The API and browser tests use embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unit and API tests', ['npx', 'vitest', 'run']],
  ['browser tests', ['npm', 'run', 'test:e2e']],
];

const database = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : 'embedded PGlite';
console.log(`Running every test against ${database}`);
for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}
console.log('\nAll checks passed.');

/**
 * The entry of the heavy-work worker thread (lib/heavy-work.ts, decision 0070): loaded by the pool, under tsx from
 * source and as dist/heavy-work.js in the bundle. Each call is one task.
 */
export { clean as default } from './lib/heavy-work-tasks';

import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Jobs } from '../jobs/jobs-interface';
import type { Storage } from '../storage/driver';
import type { BackgroundTasks } from './background';
import type { ReadCache } from './cache';

/** What every feature needs, built once in buildApp and passed explicitly (no container). */
export interface Deps {
  db: Database;
  config: Config;
  jobs: Jobs;
  storage: Storage;
  log: Logger;
  cache: ReadCache;
  background: BackgroundTasks;
}

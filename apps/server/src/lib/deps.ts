import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Jobs } from '../jobs/jobs-interface';
import type { SearchEngine } from '../search/driver';
import type { Storage } from '../storage/driver';
import type { BackgroundTasks } from './background';
import type { ReadCache } from './cache';

/** What every feature needs, built once in buildApp and passed explicitly (no container). */
export interface Deps {
  db: Database;
  config: Config;
  jobs: Jobs;
  storage: Storage;
  /** Search over the published papers (DESIGN §7): PostgreSQL by default, behind one interface. */
  search: SearchEngine;
  log: Logger;
  cache: ReadCache;
  background: BackgroundTasks;
}

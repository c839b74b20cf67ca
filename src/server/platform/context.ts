import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobRunner } from './jobs.ts';

/** What every module's routes are given. */
export type AppContext = {
  db: Db;
  config: Config;
  jobs: JobRunner;
};

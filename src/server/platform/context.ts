import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** What every module's routes are given (jobs are queued in the caller's transaction; one hook wakes the runner). */
export type AppContext = {
  db: Db;
  config: Config;
};

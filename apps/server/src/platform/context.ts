import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Jobs } from "./jobs.ts";
import type { Mailer } from "./mail.ts";

/** What every feature gets: the database, the job queue, the mailer, the config and the log. */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: Jobs;
  mailer: Mailer;
  log: Logger;
}

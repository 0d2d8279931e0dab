import { runMigrations } from "graphile-worker";

/** Installs or upgrades graphile-worker's own schema (graphile_worker.*) in the database at `url`. */
export const installJobSchema = async (url: string): Promise<void> => {
  await runMigrations({ connectionString: url, logger: quietLogger });
};

import { Logger } from "graphile-worker";

/** graphile-worker logs every job at INFO; keep warnings and errors only. */
export const quietLogger = new Logger(() => (level: string, message: string) => {
  if (level === "error" || level === "warning") console.error(`[worker] ${message}`);
});

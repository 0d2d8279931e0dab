// Draining: once `npm start` (scripts/launch.ts) receives SIGTERM, it marks its processes as draining for
// SHUTDOWN_DRAIN_MS before it stops them. Meanwhile everything is served as usual, requests in flight
// finish, and GET /api/ready answers 503 {status:"draining"}, so a load balancer or an orchestrator takes
// the instance out of rotation before Next.js stops accepting connections. The mark is a file the
// launcher creates and names to its children in COINOP_DRAIN_FILE (one check is one stat call).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { config } from "../config/env.ts";

/** The mark file of a launcher process (in the temp directory, named after its pid). */
export const drainFileOf = (launcherPid: number = process.pid): string => path.join(os.tmpdir(), `coinop-draining-${launcherPid}`);

/** Marks the processes started with this file in COINOP_DRAIN_FILE as draining. */
export const markDraining = (file: string): void => fs.writeFileSync(file, new Date().toISOString());

/** Removes the mark (a launcher starting, or stopped). */
export const clearDraining = (file: string): void => fs.rmSync(file, { force: true });

/** Whether this process's launcher has received SIGTERM and is draining it. */
export const isDraining = (): boolean => {
  const file = config().COINOP_DRAIN_FILE;
  return Boolean(file) && fs.existsSync(/*turbopackIgnore: true*/ file!);
};

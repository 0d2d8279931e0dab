// A child process for embedded.test.ts: starts an embedded PostgreSQL, prints "ready <port>", then does
// what argv[2] says: "exit-code" (stop the server, set exitCode 3, end naturally), "throw" (end with an
// unhandled rejection while the server runs), "wait" (until a signal arrives), "exit-running" (call
// process.exit(4) with the server still running).
import { startEmbeddedPostgres } from "./embedded.ts";

const [mode, dataDir, port] = process.argv.slice(2);
const db = await startEmbeddedPostgres({ dataDir, port: Number(port), log: () => undefined });
console.log(`ready ${port}`);
if (mode === "exit-code") {
  await db.stop();
  process.exitCode = 3;
} else if (mode === "throw") {
  await Promise.reject(new Error("boom"));
} else if (mode === "exit-running") {
  process.exit(4);
} else {
  setInterval(() => undefined, 1000);
}

// The production web process of `npm start` with API_DISPATCH=direct (scripts/launch.ts starts it in
// place of `next start`): one node:http server that hands /api/v1/* straight to the route() handlers
// (lib/ops/api-dispatch.ts) and every other request to Next.js's request handler (a custom server, as
// Next.js documents it: `next({ dev: false })`, `getRequestHandler()`). Same environment as `next start`:
// PORT, NEXT_DIST_DIR (through next.config.mjs), COINOP_DRAIN_FILE. SIGTERM/SIGINT: stop accepting
// connections, finish the requests in flight, write the buffered request log, exit 0.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

// before anything reads it (Next.js, lib/config): this process serves the production build
Object.assign(process.env, { NODE_ENV: "production" });

const main = async () => {
  const { default: next } = await import("next");
  const { port: configuredPort } = await import("../lib/config/settings.ts");
  const { createApiDispatcher } = await import("../lib/ops/api-dispatch.ts");
  const { drainRequestLog } = await import("../lib/request-log/capture-request.ts");

  const port = configuredPort();
  const app = next({ dev: false, dir: process.cwd(), port });
  await app.prepare();
  const nextHandler = app.getRequestHandler();
  const api = await createApiDispatcher({ port });

  const server = http.createServer((req, res) => {
    if (!api.handle(req, res)) void nextHandler(req, res);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // closes idle keep-alive connections now, and the others as their request ends
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      void (async () => {
        await Promise.race([drainRequestLog(), sleep(2_000)]);
        await Promise.race([app.close(), sleep(1_000)]).catch(() => undefined);
        process.exit(0);
      })();
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  console.log(`[serve] listening on port ${port} (/api/v1 dispatched directly, everything else through Next.js)`);
};

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});

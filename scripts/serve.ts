// The web process of `npm start` and `npm run dev` (scripts/launch.ts starts it): one node:http server that
// hands /api/v1/* to the one API dispatch (lib/ops/api-dispatch.ts → lib/ops/dispatch.ts) and every other
// request to Next.js (a custom server, as Next.js documents it: `next({ dev, httpServer })`,
// `getRequestHandler()`; with `httpServer` Next.js takes the server's `upgrade` events, so the dev server's
// HMR socket works). The API's code is loaded here, by Node, once: Next.js does not bundle app/api/v1
// (next.config.mjs `pageExtensions`). `--dev` (or COINOP_DEV=1): `next dev`'s compiler and HMR for the pages,
// development's security headers. Environment as `next start`: PORT, NEXT_DIST_DIR (next.config.mjs),
// COINOP_DRAIN_FILE. SIGTERM/SIGINT: stop accepting connections, finish the requests in flight, write the
// buffered request log, exit 0.
import http from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

const dev = process.argv.includes("--dev") || process.env.COINOP_DEV === "1";
// Under Node's watch mode (npm run dev) this process is told to report each module it loads to its parent over
// IPC. Next.js's own worker processes would inherit the variable and send those reports to Next.js, which
// takes them for broken answers ("Unexpected response from worker"). The watch list is --watch-path anyway.
delete process.env.WATCH_REPORT_DEPENDENCIES;
// before anything reads it (Next.js, lib/config)
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });

const main = async () => {
  const { default: next } = await import("next");
  const { port: configuredPort } = await import("../lib/config/settings.ts");
  const { createApiDispatcher } = await import("../lib/ops/api-dispatch.ts");
  const { drainRequestLog } = await import("../lib/request-log/capture-request.ts");

  const port = configuredPort();
  const api = await createApiDispatcher({ port, dev });
  const server = http.createServer();
  // every open socket, upgraded ones (the dev server's HMR sockets) included: server.close() waits for them
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const app = next({ dev, dir: process.cwd(), port, httpServer: server });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // closes idle keep-alive connections now, and the others as their request ends
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    // dev: the HMR sockets are upgraded connections, which neither closeIdleConnections() nor closeAllConnections() end
    if (dev) setTimeout(() => sockets.forEach((socket) => socket.destroy()), 1_000).unref();
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

  await app.prepare();
  const nextHandler = app.getRequestHandler();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!api.handle(req, res)) void nextHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  // Next.js takes the server's `upgrade` events from the first request it handles on: make that request now, so
  // a browser's HMR socket that reconnects after a restart (before it loads a page) is answered
  if (dev)
    await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.body?.cancel(),
      () => undefined,
    );
  console.log(`[serve] listening on port ${port}${dev ? " (development)" : ""}: /api/v1 through the API dispatch, everything else through Next.js`);
};

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});

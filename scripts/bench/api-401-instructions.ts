// Instructions a 401 costs on the web process's /api/v1 path (node:http adapter → dispatch → kernel → 401), counted
// by valgrind's callgrind, which counts instructions, not seconds: the same on a busy machine as on a quiet one.
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.%p node --import tsx scripts/bench/api-401-instructions.ts N
// Run it with two values of N (e.g. 200 and 1200): (I(1200) - I(200)) / 1000 is the cost of one request, start-up
// and the client's share aside (the client's share is the same for every code measured). docs/benchmarks.md.
import { createServer, request, Agent } from "node:http";
import { createApiDispatcher } from "../../lib/ops/api-dispatch.ts";

const n = Number(process.argv[2] ?? 200);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

const main = async () => {
  const dispatcher = await createApiDispatcher({ port: 0 });
  const server = createServer((req, res) => {
    if (!dispatcher.handle(req, res)) res.writeHead(404).end();
  });
  // valgrind runs the process ~50x slower: keep the one keep-alive connection open between requests
  server.keepAliveTimeout = 600_000;
  server.headersTimeout = 600_000;
  server.requestTimeout = 0;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/api/v1/game", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end();
    });
  const statuses = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const s = await one();
    statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }
  agent.destroy();
  server.close();
  console.log(JSON.stringify({ n, statuses: Object.fromEntries(statuses) }));
  process.exit(0);
};
void main();

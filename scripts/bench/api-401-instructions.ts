// Instructions a 401 costs on the web process's /api/v1 path (node:http adapter → dispatch → kernel → 401), counted
// by valgrind's callgrind, which counts instructions, not seconds: the same on a busy machine as on a quiet one.
//   valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.out \
//     node --import tsx scripts/bench/api-401-instructions.ts N WARMUP
// The process answers WARMUP requests (start-up and the JIT's warm-up), prints "measure <pid>" and waits until the file
// /tmp/api-401-<pid>.go exists; scripts/bench/api-401-instructions.sh then turns collection on
// (callgrind_control -i on), and the process answers N more requests and exits. Total / N is the cost of one
// request, the client's share included (the same for every code measured). docs/benchmarks.md.
import { existsSync } from "node:fs";
import { createServer, request, Agent } from "node:http";
import { createApiDispatcher } from "../../lib/ops/api-dispatch.ts";

const n = Number(process.argv[2] ?? 200);
const warmup = Number(process.argv[3] ?? 0);
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
  for (let i = 0; i < warmup; i++) await one();
  if (warmup > 0) {
    console.log(`measure ${process.pid}`);
    while (!existsSync(`/tmp/api-401-${process.pid}.go`)) await new Promise((r) => setTimeout(r, 50));
  }
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

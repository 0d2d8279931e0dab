// A scenario's load: a fixed number of requests (not a duration, so no request is still in flight when it
// ends and the counts are exact), split over the web processes: one autocannon instance per process, each
// with its share of the connections and of the requests. Latencies are every response's own time, so the
// percentiles of several instances are exact (not merged histograms).
import http from "node:http";
import autocannon from "autocannon";

export type Result = {
  name: string;
  /** the web processes' CPU time per request sent, ms (Linux), summed over the processes */
  serverCpuMsPerRequest: number | null;
  requests: number;
  requestsPerSecond: number;
  ok2xx: number;
  non2xx: number;
  /** answers by HTTP status */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  seconds: number;
  webProcesses: number;
  /** the pace asked (requests a second), 0: a closed loop */
  rate: number;
};

/** The q-quantile of ascending `sorted` (nearest rank), rounded to 0.1; 0 when empty. */
export const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! * 10) / 10;

export type RequestFor = (server: number) => autocannon.Request;

/**
 * Sends `amount` requests over `connections` connections spread across `bases`. `request(server)` is the
 * request of the instance aimed at bases[server] (its setupRequest may draw from a counter shared by all).
 */
export const runLoad = ({
  name,
  amount,
  connections,
  bases,
  request,
  cpuMs,
}: {
  name: string;
  amount: number;
  connections: number;
  bases: string[];
  request: RequestFor;
  cpuMs: () => number | null;
}): Promise<Result> => {
  const n = bases.length;
  const started = performance.now();
  const cpuBefore = cpuMs();
  // Timed to the last response: autocannon reports completion on its 1-second sampling tick, which
  // would round a 12-second run by up to a second.
  let lastResponse = started;
  let ok = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const runs = bases.map(
    (url, i) =>
      new Promise<autocannon.Result | null>((resolve, reject) => {
        const share = Math.floor(amount / n) + (i < amount % n ? 1 : 0);
        const conns = Math.max(1, Math.floor(connections / n) + (i < connections % n ? 1 : 0));
        if (share === 0) return resolve(null);
        const instance = autocannon({ url, connections: Math.min(conns, share), amount: share, timeout: 30, requests: [request(i)] }, (err, r) =>
          err ? reject(err) : resolve(r),
        );
        instance.on("response", (_client, statusCode, _bytes, responseTime) => {
          lastResponse = performance.now();
          latencies.push(responseTime);
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
          if (statusCode >= 200 && statusCode < 300) ok++;
        });
      }),
  );
  return Promise.all(runs).then((results) => {
    const seconds = (lastResponse - started) / 1000;
    const cpuAfter = cpuMs();
    const rs = results.filter((r): r is autocannon.Result => r !== null);
    latencies.sort((a, b) => a - b);
    return {
      name,
      serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null || amount === 0 ? null : Math.round(((cpuAfter - cpuBefore) / amount) * 100) / 100,
      requests: amount,
      requestsPerSecond: seconds > 0 ? Math.round((ok / seconds) * 10) / 10 : 0,
      ok2xx: ok,
      non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
      statuses,
      errors: rs.reduce((s, r) => s + r.errors, 0),
      timeouts: rs.reduce((s, r) => s + r.timeouts, 0),
      p50Ms: quantile(latencies, 0.5),
      p95Ms: quantile(latencies, 0.95),
      p99Ms: quantile(latencies, 0.99),
      maxMs: latencies.length ? Math.round(latencies[latencies.length - 1]! * 10) / 10 : 0,
      seconds: Math.round(seconds * 100) / 100,
      webProcesses: n,
      rate: 0,
    };
  });
};

/**
 * An open-loop load: `amount` requests sent at `rate` a second on a fixed schedule (a few every 2 ms, round robin
 * over `bases`), whatever the answers take, at most `maxInFlight` at once per process (past it a request waits in
 * this process for a socket, and that wait counts in its time). Autocannon's rates are not used: they send each
 * second's requests at once at the start of the second, a burst whose queue would be measured instead of the server.
 * Each time runs from the moment the request was due to its last byte.
 */
export const runPaced = ({
  name,
  amount,
  rate,
  maxInFlight,
  bases,
  request,
  cpuMs,
}: {
  name: string;
  amount: number;
  rate: number;
  maxInFlight: number;
  bases: string[];
  request: RequestFor;
  cpuMs: () => number | null;
}): Promise<Result> =>
  new Promise((resolve) => {
    const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: maxInFlight }));
    const templates = bases.map((_, i) => request(i));
    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    let ok = 0;
    let errors = 0;
    let sent = 0;
    let done = 0;
    const started = performance.now();
    let lastResponse = started;
    const cpuBefore = cpuMs();
    const finish = () => {
      clearInterval(timer);
      for (const a of agents) a.destroy();
      const seconds = (lastResponse - started) / 1000;
      const cpuAfter = cpuMs();
      latencies.sort((a, b) => a - b);
      resolve({
        name,
        serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null || amount === 0 ? null : Math.round(((cpuAfter - cpuBefore) / amount) * 100) / 100,
        requests: amount,
        requestsPerSecond: seconds > 0 ? Math.round((ok / seconds) * 10) / 10 : 0,
        ok2xx: ok,
        non2xx: done - ok - errors,
        statuses,
        errors,
        timeouts: 0,
        p50Ms: quantile(latencies, 0.5),
        p95Ms: quantile(latencies, 0.95),
        p99Ms: quantile(latencies, 0.99),
        maxMs: latencies.length ? Math.round(latencies[latencies.length - 1]! * 10) / 10 : 0,
        seconds: Math.round(seconds * 100) / 100,
        webProcesses: bases.length,
        rate,
      });
    };
    const fire = (i: number, dueAt: number) => {
      const server = i % bases.length;
      const t = templates[server]!;
      const setup = typeof t.setupRequest === "function" ? t.setupRequest : null;
      const req = (setup ? setup({ ...t }, {}) : t) as autocannon.Request;
      const url = new URL(req.path ?? t.path ?? "/", bases[server]);
      const body = typeof req.body === "string" ? req.body : undefined;
      const r = http.request(url, { method: req.method ?? "GET", headers: req.headers ?? t.headers, agent: agents[server] }, (res) => {
        res.resume();
        res.on("end", () => {
          lastResponse = performance.now();
          latencies.push(lastResponse - dueAt);
          const code = res.statusCode ?? 0;
          statuses[code] = (statuses[code] ?? 0) + 1;
          if (code >= 200 && code < 300) ok++;
          if (++done === amount) finish();
        });
      });
      r.on("error", () => {
        errors++;
        statuses.error = (statuses.error ?? 0) + 1;
        if (++done === amount) finish();
      });
      r.end(body);
    };
    const timer = setInterval(() => {
      const due = Math.min(amount, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent++) fire(sent, started + (sent / rate) * 1000);
    }, 2);
    if (amount === 0) finish();
  });

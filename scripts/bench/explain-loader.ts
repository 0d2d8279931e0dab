// What one portal loader's statements cost on a kept bench database: each statement it sends with its plan
// (EXPLAIN ANALYZE, captured by pg-spy.ts), then 20 timed calls. Used by explain-portal-journals.ts and
// explain-portal-data.ts.
import { captureStatements } from "./pg-spy.ts";

export const explainLoader = async (label: string, call: () => Promise<unknown>): Promise<void> => {
  const statements = await captureStatements(call, { explain: true });
  for (const s of statements) {
    if (!s.plan && !s.error) continue;
    console.log(`\n### ${s.executionMs ?? "?"} ms\n${s.text}\n-- ${JSON.stringify(s.values).slice(0, 300)}\n${s.plan ?? s.error}`);
  }
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`\n${label}, 20 calls: p50 ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`);
};

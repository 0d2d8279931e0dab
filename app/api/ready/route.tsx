// GET /api/ready: readiness for load balancers and orchestrators (lib/ops/check-readiness.ts). 200
// {status:"ok", checks} when the database answers, every migration is applied and a job worker is
// running; otherwise 503 {status:"unavailable", checks} with Retry-After. No key, no tenant data.
import { getDb } from "@/lib/db/client";
import { checkReadiness, RETRY_AFTER_SECONDS } from "@/lib/ops/check-readiness";
import { isDraining } from "@/lib/ops/draining";

export const dynamic = "force-dynamic";

export const GET = async (): Promise<Response> => {
  let result;
  try {
    result = await checkReadiness({ db: getDb() });
  } catch {
    // getDb() throws when DATABASE_URL is missing
    result = { ready: false, checks: { database: "failing", migrations: "failing", worker: "failing" } as const };
  }
  const headers: Record<string, string> = { "cache-control": "no-store" };
  // SIGTERM received (npm start): out of rotation while requests in flight finish (lib/ops/draining.ts)
  if (isDraining())
    return Response.json({ status: "draining", checks: result.checks }, { status: 503, headers: { ...headers, "retry-after": String(RETRY_AFTER_SECONDS) } });
  if (result.ready) return Response.json({ status: "ok", checks: result.checks }, { headers });
  headers["retry-after"] = String(RETRY_AFTER_SECONDS);
  return Response.json({ status: "unavailable", checks: result.checks }, { status: 503, headers });
};

// GET /api/health: liveness. The process is up and its event loop answers; nothing else is checked (no
// database), so an orchestrator restarts the process only when the process itself is wedged. Readiness
// (database, migrations, worker) is /api/ready. A plain Next.js handler: /api/v1's route() kernel
// (keys, idempotency, rate limits) does not apply to a public probe.
export const dynamic = "force-dynamic";

export const GET = (): Response => Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });

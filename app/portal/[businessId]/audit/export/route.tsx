// GET /portal/{businessId}/audit/export: the audit log as CSV, filtered like the page (same search
// parameters), for a signed-in member whose role has audit:read; the check runs on the server before
// anything is read. Signed out: 401; a stranger: 404; a role without the permission: 403. Streams the rows.
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { exportPortalAudit } from "@/lib/portal/export-portal-audit";

export const dynamic = "force-dynamic";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export const GET = async (request: Request, { params }: { params: Promise<{ businessId: string }> }) => {
  const { businessId } = await params;
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams.entries());
  const environment = query.env === "live" ? "live" : "test";
  let out: Awaited<ReturnType<typeof exportPortalAudit>>;
  try {
    out = await exportPortalAudit({ db: getDb(), player: await getSignedInPlayer() }, { businessId, environment, params: query });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return text(err.status, `${err.message}\n`);
    throw err;
  }
  const encoder = new TextEncoder();
  const lines = out.lines;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${out.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
};

// GET /portal/{businessId}/webhooks/log?game=…&env=…&<the page's filters>: the delivery log's live state as
// JSON, for the webhooks page's polling (TanStack Query): when its fingerprint differs from the one the page
// rendered, the page refreshes (a test event shows, a retry's next attempt moves). Session-authenticated and
// scoped to the member's business, checked on the server first: signed out 401, a stranger or another
// business's game 404 (an unknown game falls back to the first, as on the page), a role without webhooks:read 403.
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { environmentOf } from "@/components/portal/env-href";
import { appBaseUrl } from "@/lib/config/settings";
import { AppError, errorBody } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { loadPortalWebhookLogState } from "@/lib/portal/load-portal-webhook-log-state";
import { webhookLogQueryOf } from "@/lib/portal/load-portal-webhooks";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ businessId: string }> };

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

export const GET = async (request: Request, { params }: Params) => {
  const { businessId } = await params;
  const search = new URL(request.url).searchParams;
  const query = Object.fromEntries([...search.keys()].map((k) => [k, search.get(k) ?? undefined]));
  try {
    const { gameId, filter } = webhookLogQueryOf(query);
    const state = await loadPortalWebhookLogState(
      { db: getDb(), player: await getSignedInPlayer() },
      { businessId, environment: environmentOf(query.env), gameId, filter },
    );
    return json(200, state);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return json(err.status, errorBody(err, null, false, appBaseUrl()));
    throw err;
  }
};

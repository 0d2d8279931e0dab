// GET /portal/{businessId}/campaigns/{campaignId}/operations/{operationId}: the progress of a start, stop or
// withdraw as JSON, for the operation panel's polling (TanStack Query). The member's role is checked on the
// server first: signed out 401, a stranger or another campaign's operation 404, a role without campaigns:read 403.
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { AppError, errorBody } from "@/lib/core/errors";
import { appBaseUrl } from "@/lib/config/settings";
import { getDb } from "@/lib/db/client";
import { loadPortalCampaignOperation } from "@/lib/portal/load-portal-campaign-operation";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ businessId: string; campaignId: string; operationId: string }> };

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

export const GET = async (_request: Request, { params }: Params) => {
  const input = await params;
  try {
    return json(200, await loadPortalCampaignOperation({ db: getDb(), player: await getSignedInPlayer() }, input));
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return json(err.status, errorBody(err, null, false, appBaseUrl()));
    throw err;
  }
};

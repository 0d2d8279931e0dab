// POST /api/webhooks/stripe: Stripe's events about Checkout Sessions (a plain route: Stripe signs it, no API key)
import { getDb } from "@/lib/db/client";
import { AppError, errorBody } from "@/lib/core/errors";
import { appBaseUrl } from "@/lib/config/settings";
import { connectionCloseHeader, readCappedBody } from "@/lib/http/read-capped-body";
import { handleStripeWebhook } from "@/lib/flows/handle-stripe-webhook";

/** Stripe's Checkout Session events are a few KB; the body is read up to this, before the signature is checked. */
const MAX_EVENT_BYTES = 256_000;

export const POST = async (req: Request): Promise<Response> => {
  try {
    const payload = new TextDecoder().decode(await readCappedBody(req, MAX_EVENT_BYTES));
    const result = await handleStripeWebhook({ db: getDb() }, { payload, signature: req.headers.get("stripe-signature") });
    return Response.json(result);
  } catch (err) {
    if (err instanceof AppError) return Response.json(errorBody(err, null, false, appBaseUrl()), { status: err.status, headers: connectionCloseHeader(req) });
    console.error("[stripe] webhook failed", err);
    // a 500 makes Stripe retry the event later
    return Response.json(errorBody(new AppError("INTERNAL_ERROR", "The event could not be processed; Stripe will retry it."), null, false, appBaseUrl()), {
      status: 500,
    });
  }
};

// "Complete a checkout" from the portal's test helpers: POST /v1/test-helpers/checkout/complete acted out
// as the checkout's game (one of the business's): the same body schema (CompleteHelperBody) and the same
// flow (actOutCheckout: the sandbox card, the purchase, its webhooks and ledger entries), with an audit entry.
import { CompleteHelperBody } from "../checkout/schemas.ts";
import { checkoutNotFound, loadCheckout } from "../checkout/load-checkout.ts";
import { parseCheckoutUrl } from "../checkout/sign-url.ts";
import { actOutCheckout } from "../flows/act-out-checkout.ts";
import { asGame } from "./helper-contexts.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * Its own transactions ("service"), as the flow commits a declined or canceled purchase on its own; the
 * form is read first (the checkout is found by its URL), the audit entry follows the flow.
 */
export const completePortalCheckout = portalCommand({
  permission: "testhelpers:use",
  input: CompleteHelperBody,
  form: (params: { businessId: string; url: string; outcome: string; method: string; email: string }) => ({
    url: params.url.trim(),
    outcome: params.outcome,
    method: params.method.trim() || undefined,
    email: params.email.trim() || undefined,
  }),
  transaction: "service",
  run: async (ctx, { params: { businessId }, input: body, member }) => {
    const ref = parseCheckoutUrl(body.url);
    const checkout = ref ? await loadCheckout(ctx, { ref }).catch(() => null) : null;
    const game = checkout ? await ctx.db.game.findFirst({ where: { id: checkout.gameId, businessId } }) : null;
    if (!ref || !checkout || !game) throw checkoutNotFound();
    requireTestObject(checkout.environment);
    return { result: await actOutCheckout(asGame(ctx, game, member), body), ref, environment: checkout.environment, gameId: game.id };
  },
  audit: ({ result, ref, environment, gameId }, { input: body }) => ({
    environment,
    action: `test_helper.checkout_${body.outcome}`,
    objectType: result.purchase ? "purchase" : "checkout",
    objectId: result.purchase?._id ?? (ref.kind === "grant" ? ref.grantId : ref.token),
    details: { gameId, outcome: body.outcome, method: body.method ?? null, status: result.purchase?.status ?? null },
  }),
  after: (_, { result }) => result,
});

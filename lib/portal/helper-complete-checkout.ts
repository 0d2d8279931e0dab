// "Complete a checkout" from the portal's test helpers: POST /v1/test-helpers/checkout/complete acted out
// as the checkout's game (one of the business's): the same body schema (CompleteHelperBody) and the same
// flow (actOutCheckout: the sandbox card, the purchase, its webhooks and ledger entries), with an audit entry.
import { recordAudit } from "../audit/record-audit.ts";
import { CompleteHelperBody } from "../checkout/schemas.ts";
import { checkoutNotFound, loadCheckout } from "../checkout/load-checkout.ts";
import { parseCheckoutUrl } from "../checkout/sign-url.ts";
import { actOutCheckout } from "../flows/act-out-checkout.ts";
import { asGame } from "./helper-contexts.ts";
import { requireTestObject } from "./helper-test-mode.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

export const completePortalCheckout = async (
  ctx: PortalContext,
  input: { businessId: string; url: string; outcome: string; method: string; email: string },
) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "testhelpers:use" });
  const body = parseOrThrow(
    CompleteHelperBody,
    {
      url: input.url.trim(),
      outcome: input.outcome,
      method: input.method.trim() || undefined,
      email: input.email.trim() || undefined,
    },
    "body",
  );
  const ref = parseCheckoutUrl(body.url);
  const checkout = ref ? await loadCheckout(ctx, { ref }).catch(() => null) : null;
  const game = checkout ? await ctx.db.game.findFirst({ where: { id: checkout.gameId, businessId: input.businessId } }) : null;
  if (!checkout || !game) throw checkoutNotFound();
  requireTestObject(checkout.environment);
  const result = await actOutCheckout(asGame(ctx, game, member), body);
  await recordAudit(ctx, {
    businessId: input.businessId,
    environment: checkout.environment,
    actor: { type: "member", email: member.email },
    action: `test_helper.checkout_${body.outcome}`,
    objectType: result.purchase ? "purchase" : "checkout",
    objectId: result.purchase?._id ?? (ref!.kind === "grant" ? ref!.grantId : ref!.token),
    details: { gameId: game.id, outcome: body.outcome, method: body.method ?? null, status: result.purchase?.status ?? null },
  });
  return result;
};

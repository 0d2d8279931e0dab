import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { serializeWalletPurchase } from "./serialize-wallet-purchase.ts";

/** GET /v1/wallet/purchase/{purchaseId}: a wallet purchase of the caller's game (404 otherwise, including non-wallet purchases). */
export const getWalletPurchase = async (ctx: GameContext, { purchaseId }: { purchaseId: string }) => {
  const p = await ctx.db.purchase.findFirst({
    where: { id: purchaseId, gameId: ctx.scope.gameId, environment: ctx.scope.environment, paymentMethod: "wallet" },
  });
  if (!p) throw notFound(`Wallet purchase ${JSON.stringify(purchaseId)}`, "PURCHASE_NOT_FOUND");
  return { data: serializeWalletPurchase(p) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_WALLET_PURCHASE_ERRORS = ["PURCHASE_NOT_FOUND"] as const satisfies readonly ErrorCode[];

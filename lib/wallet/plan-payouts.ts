import { badRequest } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { gameRevenueAccount, platformFeeAccount, walletAccount } from "../ledger/accounts.ts";
import type { AccountSpec } from "../ledger/types.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { affiliateRateToBps, feeRateOf, splitPayment, walletFeeConfig } from "./fees.ts";
import type { DbContext } from "../core/context.ts";

export type Payout = { recipient: "creator" | "platform" | "affiliate"; recipientAddress: string; amount: number; kind: string; ownerRef: string };
export type PayoutPlan = { feeRate: { percentage: number; flat: number }; feeName: string; payouts: Payout[] };

const payout = (recipient: Payout["recipient"], account: AccountSpec, amount: bigint): Payout => ({
  recipient,
  recipientAddress: account.address,
  amount: Number(amount),
  kind: account.kind,
  ownerRef: account.ownerRef,
});

/**
 * Who receives a wallet payment of `amount` micro-USDC, fixed when the purchase is created: the platform
 * fee (fees.ts), an affiliate share when `affiliateCode` names another player linked to the game (their
 * game userRef; the game's affiliateRate of the amount after the fee goes to that player's wallet), and
 * the creator (the game's revenue account, or a UGC creator's wallet) the rest. Zero payouts are left out.
 */
export const planPayouts = async (
  ctx: DbContext,
  input: {
    gameId: string;
    environment: Environment;
    amount: bigint;
    creatorPlayerId: string | null;
    buyerPlayerId: string | null;
    affiliateCode?: string | null;
  },
): Promise<PayoutPlan> => {
  const fee = walletFeeConfig();
  let affiliate: AccountSpec | null = null;
  let affiliateBps = 0n;
  if (input.affiliateCode) {
    const link = await resolveUserRef(ctx, {
      namespace: { type: "game", id: input.gameId },
      environment: input.environment,
      userRef: input.affiliateCode,
    }).catch(() => {
      throw badRequest(
        "INVALID_AFFILIATE_CODE",
        `affiliateCode ${JSON.stringify(input.affiliateCode)} is not a userRef linked to this game; send the referring player's userRef.`,
      );
    });
    if (link.playerId === input.buyerPlayerId) throw badRequest("INVALID_AFFILIATE_CODE", "affiliateCode names the buyer; a player cannot refer themselves.");
    const game = await ctx.db.game.findUniqueOrThrow({ where: { id: input.gameId }, select: { affiliateRate: true } });
    affiliate = walletAccount(link.playerId, input.environment);
    affiliateBps = affiliateRateToBps(game.affiliateRate);
  }
  const split = splitPayment({ amount: input.amount, fee, affiliateBps });
  const creator = input.creatorPlayerId ? walletAccount(input.creatorPlayerId, input.environment) : gameRevenueAccount(input.gameId, input.environment);
  const payouts = [payout("creator", creator, split.creator), payout("platform", platformFeeAccount(input.environment), split.platform)];
  if (affiliate) payouts.push(payout("affiliate", affiliate, split.affiliate));
  return { feeRate: feeRateOf(fee), feeName: fee.name, payouts: payouts.filter((p) => p.amount > 0) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const PLAN_PAYOUTS_ERRORS = ["INVALID_AFFILIATE_CODE", ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];

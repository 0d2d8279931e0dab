import type { Purchase } from "../db/generated/client.ts";
import { USDC_ASSET, vcPool, vcUser, walletAccount } from "../ledger/accounts.ts";
import { vcScope } from "../vc/vc-scope.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { transfer } from "../ledger/transfer.ts";
import type { Payout } from "../wallet/plan-payouts.ts";
import type { DbContext } from "../core/context.ts";

/**
 * Moves the money of a purchase being completed, in the caller's transaction, and returns the journal id
 * (null for a card: the processor holds that money). vc: the player's units go back to the currency's
 * pool. wallet: the player's USDC goes to the payouts fixed at creation, in one journal. A balance that
 * is too low throws 422 INSUFFICIENT_FUNDS before anything is written.
 */
export const chargePurchase = async (
  ctx: DbContext,
  { purchase: p }: { purchase: Purchase & { userRef: string; playerId: string } },
): Promise<string | null> => {
  if (p.amount === 0n) return null; // a free item (e.g. a deal at 0) moves nothing
  if (p.paymentMethod === "vc") {
    const posted = await transfer(ctx.db, {
      ...vcScope({ gameId: p.gameId, environment: p.environment, currencyId: p.currencyId! }),
      type: "purchase",
      reference: p.id,
      metadata: { purchaseId: p.id, itemId: p.productId },
      from: vcUser(p.userRef, p.environment),
      to: vcPool(p.currencyId!, p.environment),
      amount: p.amount,
      description: `Purchase ${p.id} of item ${p.productId}`,
    });
    return posted.journalId;
  }
  if (p.paymentMethod === "wallet") {
    const game = await ctx.db.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { businessId: true } });
    const payouts = (p.payouts ?? []) as Payout[];
    const description = `Wallet purchase ${p.id} of item ${p.productId}`;
    const posted = await postJournal(ctx.db, {
      asset: USDC_ASSET,
      environment: p.environment,
      tenantId: game.businessId,
      type: "wallet_purchase",
      reference: p.id,
      metadata: { purchaseId: p.id, itemId: p.productId, gameId: p.gameId },
      unitLabel: "USDC micro-units",
      postings: [
        { account: walletAccount(p.playerId, p.environment), delta: -p.amount, description },
        ...payouts.map((o) => ({
          account: { kind: o.kind, ownerRef: o.ownerRef, address: o.recipientAddress, allowNegative: false },
          delta: BigInt(o.amount),
          description: `${description}: ${o.recipient}`,
        })),
      ],
    });
    return posted.journalId;
  }
  return null;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
export const CHARGE_PURCHASE_ERRORS = [...POST_JOURNAL_ERRORS, ...TRANSFER_ERRORS] as const satisfies readonly ErrorCode[];

import type { DbContext } from "../core/context.ts";
import { normalizeEmail } from "../core/email.ts";
import type { Environment } from "../core/environment.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { USDC_ASSET, walletAccount } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { findOrCreatePlayer } from "../linking/link-player.ts";
import { findOrCreateTestPlayer } from "../linking/test-player.ts";
import { hashClaimCode } from "./claim-code.ts";
import { giftEscrow } from "./gift-accounts.ts";

const giftNotFound = () => new AppError("GIFT_NOT_FOUND", "No gift has this claim code. Check the link in the claim email.");

/**
 * The recipient claims a funded gift with its code, signed in (or signed up) with the email the gift was
 * sent to: the gift moves from its escrow into the player's custody wallet in one journal, and the code is
 * spent. A code works once (409 GIFT_ALREADY_CLAIMED); an unknown code is 404; another email is 403.
 * `scope` restricts the gift to one business and environment (the test helper), whose claimant must be (or
 * becomes) that business's test player: never an account a person signed up for (403 NOT_A_TEST_PLAYER).
 */
export const claimGift = (ctx: DbContext, input: { claimCode: string; email: string; scope?: { businessId: string; environment: Environment } }) =>
  inTransaction(ctx.db, async (tx) => {
    const item = await tx.distributionLineItem.findUnique({ where: { claimCodeHash: hashClaimCode(input.claimCode) }, include: { distribution: true } });
    if (!item) throw giftNotFound();
    const d = item.distribution;
    if (input.scope && (d.businessId !== input.scope.businessId || d.environment !== input.scope.environment)) throw giftNotFound();
    if (item.email !== normalizeEmail(input.email))
      throw new AppError("GIFT_EMAIL_MISMATCH", "This gift was sent to another email address: sign in with the address the claim email went to.");
    // answered before anyone signs in: a used link says so, whoever asks (the update below decides under races)
    if (item.status === "claimed") throw new AppError("GIFT_ALREADY_CLAIMED", "This gift was already claimed: each claim link works once.");
    // the test helper (scope set) signs in only as this business's test player (lib/linking/test-player.ts)
    const player = input.scope
      ? await findOrCreateTestPlayer({ db: tx }, { email: item.email, businessId: input.scope.businessId })
      : await findOrCreatePlayer({ db: tx }, { email: item.email });
    const at = new Date();
    const moved = await tx.distributionLineItem.updateMany({
      where: { id: item.id, status: "funded" },
      data: { status: "claimed", claimedAt: at, claimedByPlayerId: player.id },
    });
    if (moved.count === 0) {
      const now = await tx.distributionLineItem.findUniqueOrThrow({ where: { id: item.id }, select: { status: true } });
      if (now.status === "claimed") throw new AppError("GIFT_ALREADY_CLAIMED", "This gift was already claimed: each claim link works once.");
      throw new AppError("GIFT_NOT_CLAIMABLE", `This gift is ${now.status}, not funded: it cannot be claimed.`);
    }
    const wallet = walletAccount(player.id, d.environment);
    const posted = await transfer(tx, {
      asset: USDC_ASSET,
      environment: d.environment,
      tenantId: d.businessId,
      type: "gift_claim",
      reference: item.id,
      metadata: { distributionId: d.id, giftId: item.id },
      from: giftEscrow(item.id, d.environment),
      to: wallet,
      amount: item.amountCents * 10_000n,
      description: `Gift ${item.id} claimed`,
      unitLabel: "USDC micro-units",
    });
    return {
      giftId: item.id,
      distributionId: d.id,
      email: item.email,
      amountCents: Number(item.amountCents),
      status: "claimed" as const,
      claimedAt: at.toISOString(),
      walletAddress: wallet.address,
      journalId: posted.journalId,
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { TEST_PLAYER_ERRORS } from "../linking/test-player.ts";
export const CLAIM_GIFT_ERRORS = [
  "GIFT_ALREADY_CLAIMED",
  "GIFT_EMAIL_MISMATCH",
  "GIFT_NOT_CLAIMABLE",
  "GIFT_NOT_FOUND",
  ...TRANSFER_ERRORS,
  ...TEST_PLAYER_ERRORS,
] as const satisfies readonly ErrorCode[];

import type { DbContext } from "../core/context.ts";
import { maskEmail } from "../linking/load-merchant.ts";
import { CLAIM_CODE_PATTERN, hashClaimCode } from "./claim-code.ts";

export type GiftPage = {
  /** funded: claimable; claimed; cancelled; pending: not funded yet */
  state: "pending" | "funded" | "claimed" | "cancelled";
  amountCents: number;
  senderName: string;
  /** the recipient's email, in full only for that recipient when signed in, masked otherwise */
  recipientEmail: string;
  /** the signed-in player is the recipient */
  isRecipient: boolean;
  claimedByMe: boolean;
  testMode: boolean;
};

/** What the claim page shows for a code (null: no such gift). A GET reads only: claiming is the action's. */
export const loadGiftPage = async (
  ctx: DbContext,
  { code, player }: { code: string; player: { playerId: string; email: string } | null },
): Promise<GiftPage | null> => {
  const c = code.toLowerCase();
  if (!CLAIM_CODE_PATTERN.test(c)) return null;
  const item = await ctx.db.distributionLineItem.findUnique({ where: { claimCodeHash: hashClaimCode(c) }, include: { distribution: true } });
  if (!item || !item.email) return null;
  const business = await ctx.db.business.findUnique({ where: { id: item.distribution.businessId }, select: { name: true } });
  const isRecipient = player?.email === item.email;
  return {
    state: item.status === "claimed" ? "claimed" : item.status === "funded" ? "funded" : item.status === "cancelled" ? "cancelled" : "pending",
    amountCents: Number(item.amountCents),
    senderName: business?.name ?? "",
    recipientEmail: isRecipient ? item.email : maskEmail(item.email),
    isRecipient,
    claimedByMe: Boolean(player && item.claimedByPlayerId === player.playerId),
    testMode: item.distribution.environment === "test",
  };
};

import type { DbClient } from "../db/transaction.ts";
import type { Environment } from "../http/keys.ts";
import { USDC_ASSET } from "../ledger/accounts.ts";
import { loadPlayerWallet } from "./load-player-wallet.ts";
import { formatUsdc } from "./usdc.ts";
import { readWalletToken, verifyWalletToken } from "./wallet-link-token.ts";

export type WalletHistoryEntry = { id: string; at: string; description: string; amount: string; direction: "in" | "out" };
export type WalletPage =
  | { ok: true; gameName: string; gameImageUrl: string; environment: string; address: string; balance: string; expiresAt: string; history: WalletHistoryEntry[] }
  | { ok: false; reason: "invalid" | "expired" };

/** What the hosted wallet page shows for a token: address, balance and the latest 50 movements, newest first. */
export const loadWalletPage = async (db: DbClient, token: string, now = Date.now()): Promise<WalletPage> => {
  const claims = readWalletToken(token);
  if (!claims) return { ok: false, reason: "invalid" };
  const game = await db.game.findUnique({ where: { id: claims.g }, select: { name: true, imageUrl: true, webhookSecret: true } });
  // the signature is checked at time 0 (ignoring expiry), so a genuine old link says "expired", not "invalid"
  if (!game || !verifyWalletToken(token, game.webhookSecret, 0)) return { ok: false, reason: "invalid" };
  if (claims.x * 1000 <= now) return { ok: false, reason: "expired" };
  const wallet = await loadPlayerWallet(db, { gameId: claims.g, environment: claims.e as Environment, userRef: claims.u }).catch(() => null);
  if (!wallet) return { ok: false, reason: "invalid" };
  const postings = await db.ledgerPosting.findMany({
    where: { account: { asset: USDC_ASSET, environment: claims.e as Environment, kind: wallet.account.kind, ownerRef: wallet.account.ownerRef } },
    orderBy: { id: "desc" },
    take: 50,
  });
  return {
    ok: true,
    gameName: game.name,
    gameImageUrl: game.imageUrl,
    environment: claims.e,
    address: wallet.address,
    balance: wallet.balance,
    expiresAt: new Date(claims.x * 1000).toISOString(),
    history: postings.map((p) => ({ id: p.id, at: p.createdAt.toISOString(), description: p.description, amount: formatUsdc(p.delta < 0n ? -p.delta : p.delta), direction: p.delta < 0n ? "out" : "in" })),
  };
};

import type { Environment } from "../core/environment.ts";
import { USDC_ASSET } from "../ledger/accounts.ts";
import { CUSTODY_NETWORK } from "../ledger/address.ts";
import { loadPlayerWallet } from "./load-player-wallet.ts";
import { formatUsdc } from "../core/usdc.ts";
import { readWalletToken, verifyWalletToken } from "./wallet-link-token.ts";
import type { DbContext } from "../core/context.ts";

export type WalletHistoryEntry = { id: string; at: string; description: string; amount: string; direction: "in" | "out" };
export type WalletPage =
  | {
      ok: true;
      gameName: string;
      gameImageUrl: string;
      environment: string;
      address: string;
      /** the network the address is on (CUSTODY_NETWORK: this service's own ledger, not a blockchain) */
      network: string;
      balance: string;
      expiresAt: string;
      history: WalletHistoryEntry[];
    }
  | { ok: false; reason: "invalid" | "expired" };

/** How the loader marks a movement that is not the opening game's own (another game's, a campaign's); the page shows it in its language. */
export const OTHER_ACTIVITY = "Other activity";

/** The game a USDC journal belongs to: wallet purchases and test top-ups record it in their metadata. */
const gameOf = (metadata: unknown): unknown =>
  typeof metadata === "object" && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>).gameId : undefined;

/**
 * What the hosted wallet page shows for a token: address, balance and the latest 50 movements, newest
 * first. The wallet is shared by every game and campaign, so only the opening game's own movements keep
 * their description; every other one reads OTHER_ACTIVITY (its amount and date still count toward the
 * balance shown). A link the player has not approved (balance:read) shows nothing: the token is invalid.
 */
export const loadWalletPage = async (ctx: DbContext, { token, now = Date.now() }: { token: string; now?: number }): Promise<WalletPage> => {
  const claims = readWalletToken(token);
  if (!claims) return { ok: false, reason: "invalid" };
  const game = await ctx.db.game.findUnique({ where: { id: claims.g }, select: { name: true, imageUrl: true, webhookSecret: true } });
  // the signature is checked at time 0 (ignoring expiry), so a genuine old link says "expired", not "invalid"
  if (!game || !verifyWalletToken(token, game.webhookSecret, 0)) return { ok: false, reason: "invalid" };
  if (claims.x * 1000 <= now) return { ok: false, reason: "expired" };
  const wallet = await loadPlayerWallet(ctx, { gameId: claims.g, environment: claims.e as Environment, userRef: claims.u }).catch(() => null);
  if (!wallet) return { ok: false, reason: "invalid" };
  const postings = await ctx.db.ledgerPosting.findMany({
    where: { account: { asset: USDC_ASSET, environment: claims.e as Environment, kind: wallet.account.kind, ownerRef: wallet.account.ownerRef } },
    // ids order by the second only: createdAt (milliseconds) first, so newest first holds within a second
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    include: { journal: { select: { metadata: true } } },
  });
  return {
    ok: true,
    gameName: game.name,
    gameImageUrl: game.imageUrl,
    environment: claims.e,
    address: wallet.address,
    network: CUSTODY_NETWORK,
    balance: wallet.balance,
    expiresAt: new Date(claims.x * 1000).toISOString(),
    history: postings.map((p) => ({
      id: p.id,
      at: p.createdAt.toISOString(),
      description: gameOf(p.journal.metadata) === claims.g ? p.description : OTHER_ACTIVITY,
      amount: formatUsdc(p.delta < 0n ? -p.delta : p.delta),
      direction: p.delta < 0n ? "out" : "in",
    })),
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_PLAYER_WALLET_ERRORS } from "./load-player-wallet.ts";
export const LOAD_WALLET_PAGE_ERRORS = [...LOAD_PLAYER_WALLET_ERRORS] as const satisfies readonly ErrorCode[];

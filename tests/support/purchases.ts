// Helpers for the purchase, wallet and subscription tests: a store (a game with a currency and linked
// players), product and deal rows, test USDC in a player's wallet, and the outbox events of a game.
import { getDb } from "../../lib/db/client.ts";
import { newId } from "../../lib/db/ids.ts";
import type { Prisma } from "../../lib/db/generated/client.ts";
import { testUsdcMint, USDC_ASSET, walletAccount } from "../../lib/ledger/accounts.ts";
import { transfer } from "../../lib/ledger/transfer.ts";
import { makeVcGame } from "./vc.ts";

/** A game (test env) with one currency and `players` linked players, their player ids alongside. */
export const makeStore = async ({ players = 2 } = {}) => {
  const g = await makeVcGame({ players });
  const links = await getDb().playerLink.findMany({ where: { userRef: { in: g.users } } });
  const playerIds = g.users.map((u) => links.find((l) => l.userRef === u)!.playerId);
  return { ...g, playerIds };
};

let n = 0;
/** A product row of the game (active, visible, for sale, $4.99 unless overridden), with VC prices. */
export const makeProductRow = async (
  gameId: string,
  { vcPrices = [], ...data }: Partial<Prisma.ProductUncheckedCreateInput> & { vcPrices?: { currencyId: string; amount: bigint }[] } = {},
) =>
  getDb().product.create({
    data: {
      id: newId(),
      gameId,
      environment: "test",
      type: "purchase",
      name: `Item ${++n}`,
      priceCents: 499,
      ...data,
      vcPrices: { create: vcPrices.map((v) => ({ id: newId(), ...v })) },
    },
  });

export const makeDealRow = async (
  product: { id: string; gameId: string },
  { code, currencyId = null, overridePrice, status = "active" }: { code: string; currencyId?: string | null; overridePrice: bigint; status?: string },
) => getDb().deal.create({ data: { id: newId(), gameId: product.gameId, productId: product.id, code, currencyId, overridePrice, status } });

/** Mints `micros` test USDC into a player's wallet. */
export const fundWallet = async (playerId: string, micros: bigint) =>
  transfer(getDb(), {
    asset: USDC_ASSET,
    environment: "test",
    tenantId: "tests",
    type: "test_wallet_fund",
    from: testUsdcMint("test"),
    to: walletAccount(playerId, "test"),
    amount: micros,
    description: "test funds",
  });

/** The USDC balance of an account (0 when it has none). */
export const usdcBalance = async (kind: string, ownerRef: string): Promise<bigint> =>
  (await getDb().ledgerAccount.findFirst({ where: { asset: USDC_ASSET, environment: "test", kind, ownerRef } }))?.balance ?? 0n;

/** The game's outbox events named `event`, oldest first, with parsed payloads. */
export const eventsOf = async (gameId: string, event?: string) =>
  (
    await getDb().webhookEvent.findMany({
      where: { ownerType: "game", ownerId: gameId, ...(event ? { event } : {}) },
      orderBy: [{ createdAt: "asc" }, { sequence: "asc" }],
    })
  ).map((e) => JSON.parse(e.payload) as { event: string; data: Record<string, unknown>; timestamp: string });

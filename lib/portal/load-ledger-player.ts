import { notFound } from "../core/errors.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";
import { isUsableId } from "../platform/business-admin.ts";
import { getBalance } from "../vc/get-balance.ts";
import { actAsGame } from "./ledger-games.ts";
import { listLedgerJournals } from "./list-ledger-journals.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** A game-level link of one of the business's games, by its userRef; anything else is 404 USER_REF_NOT_FOUND. */
export const findLedgerPlayer = async (ctx: PortalContext, { businessId, userRef }: { businessId: string; userRef: string }) => {
  const link = isUsableId(userRef) ? await ctx.db.playerLink.findUnique({ where: { userRef }, include: { player: { select: { email: true } } } }) : null;
  const game =
    link?.namespaceType === "game"
      ? await ctx.db.game.findFirst({ where: { id: link.namespaceId, businessId }, select: { id: true, name: true, businessId: true, environment: true } })
      : null;
  if (!link || !game) throw notFound(`User ${JSON.stringify(userRef)}`, "USER_REF_NOT_FOUND");
  return { link, game };
};

/**
 * A player in the ledger explorer: their balance of each currency of their game (GET /v1/vc/balances' service
 * while the link is active; the ledger's account balance after it was removed) and their journals (the
 * explorer's list, filtered to them), in the link's environment.
 */
export const loadLedgerPlayer = async (ctx: PortalContext, input: { businessId: string; userRef: string; filter: Record<string, unknown> }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "ledger:read" });
  const { link, game } = await findLedgerPlayer(ctx, input);
  const currencies = await ctx.db.virtualCurrency.findMany({
    where: { gameId: game.id, environment: game.environment },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const balances = await Promise.all(
    currencies.map(async (c) => {
      const balanceUnits =
        link.status === "active"
          ? (await getBalance(actAsGame(ctx, game, member), { currencyId: c.id, userRef: link.userRef })).balanceUnits
          : (await getAccountBalance(ctx.db, { asset: vcAsset(c.id), environment: game.environment, kind: "user", ownerRef: link.userRef })).balance.toString();
      return { currency: { id: c.id, code: c.code, name: c.name }, balanceUnits };
    }),
  );
  const history = await listLedgerJournals(ctx, {
    businessId: input.businessId,
    environment: game.environment,
    filter: { ...input.filter, gameId: game.id, userRef: link.userRef },
  });
  return {
    member,
    player: { userRef: link.userRef, email: link.player.email, status: link.status, linkedAt: link.linkedAt, environment: game.environment },
    game: { id: game.id, name: game.name },
    balances,
    history: { items: history.items, nextCursor: history.nextCursor, invalid: history.invalid },
  };
};

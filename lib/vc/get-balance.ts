import type { GameContext } from "../core/context.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";
import type { Balance } from "./schemas.ts";

/**
 * A linked player's balance of one currency. A player who never held units has "0", dated from when
 * the balance began to exist: the later of the currency's creation and the player's link.
 */
export const getBalance = async (ctx: GameContext, { currencyId, userRef }: { currencyId: string; userRef: string }): Promise<Balance> => {
  const currency = await findCurrency(ctx, { currencyId });
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.principal.gameId }, environment: ctx.environment, userRef });
  const account = await getAccountBalance(ctx.db, { asset: vcAsset(currency.id), environment: ctx.environment, kind: "user", ownerRef: userRef });
  const since = currency.createdAt > link.linkedAt ? currency.createdAt : link.linkedAt;
  return { currencyId: currency.id, userRef, balanceUnits: account.balance.toString(), updatedAt: (account.updatedAt ?? since).toISOString() };
};

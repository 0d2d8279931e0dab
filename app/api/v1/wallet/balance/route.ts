// POST /v1/wallet/balance: the player's wallet address and USDC balance
import { route } from "@/lib/http/route";
import { loadPlayerWallet, LOAD_PLAYER_WALLET_ERRORS } from "@/lib/wallet/load-player-wallet";
import { WalletBalance, WalletUserBody } from "@/lib/wallet/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/wallet/balance",
  summary: "Get a player's wallet address and balance",
  tags: ["Wallet"],
  auth: "server",
  idempotency: "required",
  errors: LOAD_PLAYER_WALLET_ERRORS,
  body: WalletUserBody,
  response: { status: 200, schema: WalletBalance },
  handler: async ({ ctx, body }) => {
    const w = await loadPlayerWallet(ctx, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, userRef: body.userId });
    return { address: w.address, balance: w.balance };
  },
});

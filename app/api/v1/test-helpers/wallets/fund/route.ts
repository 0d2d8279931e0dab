// POST /v1/test-helpers/wallets/fund: the player tops up their wallet with test USDC
import { route } from "@/lib/http/route";
import { fundTestWallet, FUND_TEST_WALLET_ERRORS } from "@/lib/wallet/fund-test-wallet";
import { FundedWallet, FundWalletBody } from "@/lib/wallet/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/wallets/fund",
  summary: "Test mode: add test USDC to a player's wallet",
  tags: ["test-helpers"],
  auth: "server",
  idempotency: "optional",
  errors: FUND_TEST_WALLET_ERRORS,
  body: FundWalletBody,
  response: { status: 200, schema: FundedWallet },
  handler: ({ ctx, body }) => fundTestWallet(ctx, body),
});

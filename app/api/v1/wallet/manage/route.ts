// POST /v1/wallet/manage: a signed, expiring link to the player's hosted wallet page
import { route } from "@/lib/http/route";
import { createWalletLink, CREATE_WALLET_LINK_ERRORS } from "@/lib/wallet/create-wallet-link";
import { WalletLink, WalletUserBody } from "@/lib/wallet/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/wallet/manage",
  summary: "Get a link to the player's hosted wallet page",
  tags: ["Wallet"],
  auth: "server",
  idempotency: "required",
  errors: CREATE_WALLET_LINK_ERRORS,
  body: WalletUserBody,
  response: { status: 200, schema: WalletLink },
  handler: ({ ctx, body }) => createWalletLink(ctx, body),
});

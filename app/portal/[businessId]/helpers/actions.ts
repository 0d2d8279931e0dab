"use server";
// The test helpers' server actions: each calls one lib/portal helper service (testhelpers:use checked
// first, test objects only), which calls the same service as the /v1/test-helpers route.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { approvePortalLinkSession } from "@/lib/portal/helper-approve-link-session";
import { completePortalCheckout } from "@/lib/portal/helper-complete-checkout";
import { fundPortalWallet } from "@/lib/portal/helper-fund-wallet";
import { portalAction, type Bound } from "../../_lib/answer";

// The helpers page is not refreshed after a helper ran: its answer stays beside the button that was pressed
// (a refreshed list would drop the approved session, and its answer with it). Other pages render fresh.
const helper = (doing: string) => ({ doing: `test helper ${doing}`, refresh: null });

const ApproveForm = z.object({
  sessionKey: textField(200, "The session key is too long."),
  email: textField(320, "The email is too long."),
  name: textField(120, "The name is too long."),
});

export const approveSessionAction = portalAction(
  ApproveForm,
  (ctx, input, { businessId }: Bound) => approvePortalLinkSession(ctx, { businessId, ...input }),
  (s) => ({ notice: `Approved: the player is linked as ${s.userRef ?? "?"}.` }),
  helper("approving a link session"),
);

const CompleteForm = z.object({
  url: textField(2048, "The checkout URL is too long."),
  outcome: textField(16, "Choose an outcome."),
  method: textField(16, "Choose a method."),
  email: textField(320, "The email is too long."),
});

export const completeCheckoutAction = portalAction(
  CompleteForm,
  (ctx, input, { businessId }: Bound) => completePortalCheckout(ctx, { businessId, ...input }),
  (r) => ({
    notice: r.purchase ? `Purchase ${r.purchase._id}: ${r.purchase.status}${r.message ? ` (${r.message})` : ""}.` : (r.message ?? "Done."),
  }),
  helper("completing a checkout"),
);

const FundForm = z.object({
  gameId: textField(100, "Choose a game."),
  userRef: textField(100, "The userRef is too long."),
  amountUsdc: textField(40, "Enter an amount of USDC, e.g. 25.00."),
});

export const fundWalletAction = portalAction(
  FundForm,
  (ctx, input, { businessId }: Bound) => fundPortalWallet(ctx, { businessId, ...input }),
  (w) => ({ notice: `Funded: the wallet of ${w.userRef} now holds ${w.balance} USDC.` }),
  helper("funding a wallet"),
);

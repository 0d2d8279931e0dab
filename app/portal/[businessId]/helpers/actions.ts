"use server";
// The test helpers' server actions: each calls one lib/portal helper service (testhelpers:use checked
// first, test objects only), which calls the same service as the /v1/test-helpers route.
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { approvePortalLinkSession } from "@/lib/portal/helper-approve-link-session";
import { completePortalCheckout } from "@/lib/portal/helper-complete-checkout";
import { fundPortalWallet } from "@/lib/portal/helper-fund-wallet";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] test helper ${what} failed:`, message: "Something went wrong on our side. Please try again." });
// The helpers page is not refreshed after a helper ran: its answer stays beside the button that was pressed
// (a refreshed list would drop the approved session, and its answer with it). Other pages render fresh.

const ApproveForm = z.object({
  sessionKey: textField(200, "The session key is too long."),
  email: textField(320, "The email is too long."),
  name: textField(120, "The name is too long."),
});

export const approveSessionAction = async (businessId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ApproveForm,
    form,
    run: ({ db, player, input }) => approvePortalLinkSession({ db, player }, { businessId, ...input }),
    unexpected: unexpected("approving a link session"),
  });
  return answerOf(out, prev, (s) => ({ notice: `Approved: the player is linked as ${s.userRef ?? "?"}.` }));
};

const CompleteForm = z.object({
  url: textField(2048, "The checkout URL is too long."),
  outcome: textField(16, "Choose an outcome."),
  method: textField(16, "Choose a method."),
  email: textField(320, "The email is too long."),
});

export const completeCheckoutAction = async (businessId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: CompleteForm,
    form,
    run: ({ db, player, input }) => completePortalCheckout({ db, player }, { businessId, ...input }),
    unexpected: unexpected("completing a checkout"),
  });
  return answerOf(out, prev, (r) => ({
    notice: r.purchase ? `Purchase ${r.purchase._id}: ${r.purchase.status}${r.message ? ` (${r.message})` : ""}.` : (r.message ?? "Done."),
  }));
};

const FundForm = z.object({
  gameId: textField(100, "Choose a game."),
  userRef: textField(100, "The userRef is too long."),
  amountUsdc: textField(40, "Enter an amount of USDC, e.g. 25.00."),
});

export const fundWalletAction = async (businessId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: FundForm,
    form,
    run: ({ db, player, input }) => fundPortalWallet({ db, player }, { businessId, ...input }),
    unexpected: unexpected("funding a wallet"),
  });
  return answerOf(out, prev, (w) => ({ notice: `Funded: the wallet of ${w.userRef} now holds ${w.balance} USDC.` }));
};

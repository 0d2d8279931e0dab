// The hosted link approval page: /link/{sessionKey}. The player signs in (or signs up), then approves
// or backs out; the page then shows the session's final state.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { getSignedInPlayer, type SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { maskEmail } from "@/lib/linking/load-merchant";
import { findLinkSessionState, loadLinkPage, type LinkPage } from "@/lib/linking/load-link-page";
import { requestResetAction, signUpAction } from "../../account/actions";
import { submitLinkDecision } from "./actions";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ sessionKey: string }> };

export const dynamic = "force-dynamic";

const TITLES: Record<string, string> = {
  pending: "Link your account",
  approved: "Account linked",
  canceled: "Linking canceled",
  failed: "Linking failed",
  expired: "Link expired",
  unlinked: "Link removed",
};

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { sessionKey } = await params;
  const state = await findLinkSessionState(getDb(), sessionKey);
  return { title: state ? (TITLES[state] ?? "Link your account") : "Link not found", robots: { index: false, follow: false } };
};

const DecisionForm = ({ sessionKey, name }: { sessionKey: string; name: string }) => (
  <form action={submitLinkDecision.bind(null, sessionKey)} className="flex flex-col gap-3">
    <SubmitButton name="decision" value="approve" pendingLabel="Approving…">
      Approve
    </SubmitButton>
    <SubmitButton name="decision" value="cancel" pendingLabel="Canceling…" variant="secondary">
      Not now
    </SubmitButton>
    <p className="text-center text-xs text-slate-600">You can remove this link later by asking {name || "them"}.</p>
  </form>
);

const Pending = ({ page, player }: { page: LinkPage; player: SignedInPlayer | null }) => {
  const { session, merchant } = page;
  const name = merchant.name || "This service";
  return (
    <>
      <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-balance text-slate-900">
        Link your account to {name}
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">
        {name} will get a private reference to your account, so it can credit rewards and purchases to you. It does not see your password.
      </p>
      <div className="mt-6 space-y-5">
        {player ? (
          <>
            <SignedInAs email={player.email} />
            {page.alreadyLinked ? (
              <p role="status" className="rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
                This account is already linked to {name}. Approving keeps the same link.
              </p>
            ) : null}
            {session.prefilledEmail && session.prefilledEmail !== player.email ? (
              <p className="text-sm text-slate-700">
                {name} started this link for <span className="font-semibold [overflow-wrap:anywhere]">{session.prefilledEmail}</span>. Approve only if you want
                to link <span className="font-semibold [overflow-wrap:anywhere]">{player.email}</span> instead.
              </p>
            ) : null}
            <DecisionForm sessionKey={session.sessionKey} name={name} />
          </>
        ) : (
          <>
            <AuthForm mail={{ signUp: signUpAction, requestReset: requestResetAction }} defaultEmail={session.prefilledEmail ?? ""} />
            <form action={submitLinkDecision.bind(null, session.sessionKey)} className="border-t border-slate-200 pt-4 text-center">
              <p className="text-sm text-slate-700">Don&apos;t want to link an account?</p>
              <div className="mt-2">
                <SubmitButton name="decision" value="cancel" pendingLabel="Canceling…" variant="secondary">
                  Not now
                </SubmitButton>
              </div>
            </form>
          </>
        )}
      </div>
    </>
  );
};

const Final = ({ page, player }: { page: LinkPage; player: SignedInPlayer | null }) => {
  const { session, merchant } = page;
  const name = merchant.name || "the game";
  const mine = Boolean(player && player.playerId === session.playerId);
  switch (session.state) {
    case "approved":
      return (
        <StateMessage tone="success" title={mine ? `You're linked to ${name}` : "Already approved"} headingId="title">
          <p>
            {mine ? "This link was approved" : "Someone already approved this link"} with the account{" "}
            <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">
              {page.approvedEmail ? (mine ? page.approvedEmail : maskEmail(page.approvedEmail)) : "—"}
            </span>
            .
          </p>
          <p className="mt-2">You can close this page and return to {name}.</p>
        </StateMessage>
      );
    case "canceled":
      return (
        <StateMessage tone="info" title="Linking canceled" headingId="title">
          <p>
            No account was linked to {name}. If you change your mind, ask {name} for a new link.
          </p>
        </StateMessage>
      );
    case "failed":
      return (
        <StateMessage tone="error" title="Linking failed" headingId="title">
          <p role="alert">{session.failureMessage ?? "The account could not be linked."}</p>
          <p className="mt-2">Ask {name} for a new link and try again.</p>
        </StateMessage>
      );
    case "expired":
      return (
        <StateMessage tone="warning" title="This link has expired" headingId="title">
          <p>Links work for 24 hours. Ask {name} for a new one.</p>
        </StateMessage>
      );
    default:
      return (
        <StateMessage tone="info" title="This link was removed" headingId="title">
          <p>
            The account linked through this page is no longer linked to {name}. Ask {name} for a new link to link again.
          </p>
        </StateMessage>
      );
  }
};

const LinkSessionPage = async ({ params }: Props) => {
  const { sessionKey } = await params;
  const player = await getSignedInPlayer();
  const page = await loadLinkPage(getDb(), sessionKey, player);
  if (!page) notFound();
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <MerchantHeader merchant={page.merchant} />
        <div className={page.session.state === "pending" ? "" : "mt-8"}>
          {page.session.state === "pending" ? <Pending page={page} player={player} /> : <Final page={page} player={player} />}
        </div>
      </Card>
    </HostedLayout>
  );
};

export default LinkSessionPage;

// The hosted gift claim page: /gift/{code}. The recipient signs in (or signs up and confirms their email) with
// the address the gift was sent to, then claims it into their wallet. Each code works once.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthForm } from "@/components/hosted/auth-form";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { SubmitButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getSignedInPlayer, type SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { loadGiftPage, type GiftPage } from "@/lib/gifts/load-gift-page";
import { requestResetAction, signUpAction } from "../../account/actions";
import { claimGiftAction } from "./actions";

type Props = { params: Promise<{ code: string }> };

export const dynamic = "force-dynamic";

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { code } = await params;
  const page = await loadGiftPage({ db: getDb() }, { code, player: null });
  const title = !page ? "Gift not found" : page.state === "claimed" ? "Gift claimed" : "Claim your gift";
  return { title, robots: { index: false, follow: false } };
};

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const Claimable = ({ code, page, player }: { code: string; page: GiftPage; player: SignedInPlayer | null }) => (
  <>
    <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
      {page.senderName || "Someone"} sent you {dollars(page.amountCents)}
    </h1>
    <p className="mt-2 text-sm leading-6 text-slate-700">
      The gift is in USDC and lands in your wallet. Sign in or create an account with{" "}
      <span className="font-semibold [overflow-wrap:anywhere]">{page.recipientEmail}</span>, the address it was sent to.
    </p>
    <div className="mt-6 space-y-5">
      {player ? (
        <>
          <SignedInAs email={player.email} />
          {page.isRecipient ? (
            <form action={claimGiftAction.bind(null, code)}>
              <SubmitButton pendingLabel="Claiming…">Claim {dollars(page.amountCents)}</SubmitButton>
            </form>
          ) : (
            <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
              This gift was sent to another email address. Sign out, then sign in with the address the gift email went to.
            </p>
          )}
        </>
      ) : (
        <AuthForm mail={{ signUp: signUpAction, requestReset: requestResetAction }} />
      )}
    </div>
  </>
);

const Final = ({ page }: { page: GiftPage }) => {
  switch (page.state) {
    case "claimed":
      return page.claimedByMe ? (
        <StateMessage tone="success" title="Gift claimed" headingId="title">
          <p>{dollars(page.amountCents)} is in your wallet.</p>
          <p className="mt-2">You can close this page.</p>
        </StateMessage>
      ) : (
        <StateMessage tone="info" title="This gift was already claimed" headingId="title">
          <p>Each gift link works once. If you did not claim it, contact the sender.</p>
        </StateMessage>
      );
    case "cancelled":
      return (
        <StateMessage tone="warning" title="This gift was cancelled" headingId="title">
          <p>The sender cancelled this gift before it was claimed.</p>
        </StateMessage>
      );
    default:
      return (
        <StateMessage tone="info" title="This gift is not ready yet" headingId="title">
          <p>The sender has not funded it yet. Try the link again later.</p>
        </StateMessage>
      );
  }
};

const GiftClaimPage = async ({ params }: Props) => {
  const { code } = await params;
  const player = await getSignedInPlayer();
  const page = await loadGiftPage({ db: getDb() }, { code, player });
  if (!page) notFound();
  return (
    <HostedLayout>
      <Card labelledBy="title">
        {page.testMode ? (
          <div className="mb-4 flex justify-end">
            <TestModeBadge />
          </div>
        ) : null}
        {page.state === "funded" ? <Claimable code={code} page={page} player={player} /> : <Final page={page} />}
      </Card>
    </HostedLayout>
  );
};

export default GiftClaimPage;

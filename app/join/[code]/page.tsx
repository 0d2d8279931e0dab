// The hosted page of a link invite: /join/{code}. Shows the campaign and, while the invite works, a
// Continue button that opens this visitor's own link session.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader, type Merchant } from "@/components/hosted/merchant-header";
import { StateMessage } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/core/errors";
import { describeInvite, type InviteDescription } from "@/lib/invites/describe-invite";
import { continueWithInvite } from "./actions";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ code: string }> };

export const dynamic = "force-dynamic";

const REFUSAL_TITLES: Record<string, string> = {
  INVITE_PAUSED: "This invite is paused",
  INVITE_REVOKED: "This invite is no longer valid",
  INVITE_EXPIRED: "This invite has expired",
  INVITE_USED_UP: "This invite has been used up",
};

const describeOrNull = async (code: string): Promise<InviteDescription | null> => {
  try {
    return await describeInvite(getDb(), code);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
};

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const invite = await describeOrNull((await params).code);
  const title = !invite
    ? "Invite not found"
    : invite.refusal
      ? (REFUSAL_TITLES[invite.refusal.code] ?? "Invite unavailable")
      : `Join ${invite.name || "campaign"}`;
  return { title, robots: { index: false, follow: false } };
};

const JoinPage = async ({ params }: Props) => {
  const { code } = await params;
  const invite = await describeOrNull(code);
  if (!invite) notFound();
  const merchant: Merchant = {
    kind: invite.namespaceType === "campaign" ? "campaign" : invite.namespaceType === "game" ? "game" : "business",
    name: invite.name,
    imageUrl: invite.imageUrl,
    environment: invite.environment,
  };
  const name = invite.name || "this campaign";
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <MerchantHeader merchant={merchant} />
        {invite.refusal ? (
          <div className="mt-8">
            <StateMessage tone="warning" title={REFUSAL_TITLES[invite.refusal.code] ?? "This invite cannot be used"} headingId="title">
              <p>{invite.refusal.message}</p>
              <p className="mt-2">No account was linked. Ask whoever shared it for a new link.</p>
            </StateMessage>
          </div>
        ) : (
          <>
            <h1 id="title" className="mt-6 text-2xl font-semibold tracking-tight text-balance text-slate-900">
              Join {name}
            </h1>
            <p className="mt-2 text-sm leading-6 text-slate-700">
              You&apos;ve been invited to link your account to {name}, so it can send you rewards. You&apos;ll sign in or create an account on the next step.
            </p>
            <form action={continueWithInvite.bind(null, invite.code)} className="mt-6">
              <SubmitButton pendingLabel="Opening…">Continue</SubmitButton>
            </form>
          </>
        )}
      </Card>
    </HostedLayout>
  );
};

export default JoinPage;

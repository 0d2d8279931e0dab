import type { Metadata } from "next";
import { HostedCard, HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";

export const metadata: Metadata = { title: "Invite not found", robots: { index: false, follow: false } };

const InviteNotFound = () => (
  <HostedLayout>
    <HostedCard labelledBy="title">
      <StateMessage tone="warning" title="We couldn't find this invite" headingId="title">
        <p>The address may be incomplete or mistyped. Ask whoever shared it to send it again.</p>
      </StateMessage>
    </HostedCard>
  </HostedLayout>
);

export default InviteNotFound;

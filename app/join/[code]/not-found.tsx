import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Invite not found", robots: { index: false, follow: false } };

const InviteNotFound = () => (
  <HostedLayout>
    <Card labelledBy="title">
      <StateMessage tone="warning" title="We couldn't find this invite" headingId="title">
        <p>The address may be incomplete or mistyped. Ask whoever shared it to send it again.</p>
      </StateMessage>
    </Card>
  </HostedLayout>
);

export default InviteNotFound;

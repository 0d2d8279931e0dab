import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Link not found", robots: { index: false, follow: false } };

const LinkNotFound = () => (
  <HostedLayout>
    <Card labelledBy="title">
      <StateMessage tone="warning" title="We couldn't find this link" headingId="title">
        <p>The address may be incomplete or mistyped. Go back to the game and start linking again to get a new link.</p>
      </StateMessage>
    </Card>
  </HostedLayout>
);

export default LinkNotFound;

import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Gift not found", robots: { index: false, follow: false } };

const GiftNotFound = () => (
  <HostedLayout>
    <Card labelledBy="title">
      <StateMessage tone="warning" title="We couldn't find this gift" headingId="title">
        <p>The claim link may be incomplete or mistyped. Open the link from your gift email again, or ask the sender for a new one.</p>
      </StateMessage>
    </Card>
  </HostedLayout>
);

export default GiftNotFound;

import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Checkout not found", robots: { index: false, follow: false } };

const CheckoutNotFound = () => (
  <HostedLayout>
    <Card labelledBy="title">
      <StateMessage tone="warning" title="We couldn't find this checkout" headingId="title">
        <p>The link may be incomplete, mistyped or altered. Go back to the game and open the checkout again. Nothing was charged.</p>
      </StateMessage>
    </Card>
  </HostedLayout>
);

export default CheckoutNotFound;

// A business (or game) the signed-in player is not a member of, or that does not exist: the same page
// either way, so a stranger learns nothing about another business.
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";

export const metadata: Metadata = { title: { absolute: "Not found · Developer portal" }, robots: { index: false } };

const PortalNotFound = () => (
  <HostedLayout>
    <Card labelledBy="title">
      <StateMessage tone="warning" title="Not found" headingId="title">
        <p>This business or game does not exist, or your account is not a member of it.</p>
        <p className="mt-3">
          <a className={textLinkClass} href="/portal">
            Your businesses
          </a>
        </p>
      </StateMessage>
    </Card>
  </HostedLayout>
);

export default PortalNotFound;

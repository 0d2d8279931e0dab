// A business (or game) the signed-in player is not a member of, or that does not exist: the same page
// either way, so a stranger learns nothing about another business. The page renders its tab title itself:
// the metadata Next.js streams is the requested page's ("Overview · Developer portal"), not this one's.
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";

const TITLE = "Not found · Developer portal";
export const metadata: Metadata = { title: { absolute: TITLE }, robots: { index: false } };

const PortalNotFound = () => (
  <HostedLayout>
    <title>{TITLE}</title>
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

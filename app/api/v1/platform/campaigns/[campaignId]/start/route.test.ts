import { describePlatformCampaignToggle } from "@/tests/support/platform-campaign-toggle";
import { PUT } from "./route";

describePlatformCampaignToggle({
  PUT,
  kind: "start",
  from: "created",
  to: "started",
  event: "Platform.Campaign.Started",
  refusedFrom: "started",
  refusedCode: "CAMPAIGN_ALREADY_STARTED",
  scope: "campaign:start",
});

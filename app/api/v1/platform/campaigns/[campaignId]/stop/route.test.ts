import { describePlatformCampaignToggle } from "@/tests/support/platform-campaign-toggle";
import { PUT } from "./route";

describePlatformCampaignToggle({
  PUT,
  kind: "stop",
  from: "started",
  to: "stopped",
  event: "Platform.Campaign.Stopped",
  refusedFrom: "created",
  refusedCode: "CAMPAIGN_NOT_STARTED",
  scope: "campaign:stop",
});

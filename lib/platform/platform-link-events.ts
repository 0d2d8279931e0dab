import type { PlatformLinkSession } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { emitEvent } from "../webhooks/emit-event.ts";

/**
 * The platform's webhooks for its link sessions (platform-api.md "Events"), written to the outbox in the
 * decision's transaction: Completed carries businessId and grantId, both carry the sessionKey and the
 * metadata the platform sent (null when none).
 */
export const emitPlatformLinkEvent = ({ db }: DbContext, { session: s }: { session: PlatformLinkSession }) => {
  const common = { businessId: s.businessId, sessionKey: s.sessionKey, metadata: s.metadata ?? null };
  return emitEvent(db, {
    owner: { type: "platform", id: s.platformId },
    environment: s.environment,
    event: s.state === "approved" ? "Platform.Link.Completed" : "Platform.Link.Declined",
    objectType: "platform_link_session",
    objectId: s.id,
    data: s.state === "approved" ? { ...common, grantId: s.grantId, scopes: s.scopes } : common,
  });
};

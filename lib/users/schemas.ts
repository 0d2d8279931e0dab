import { z } from "zod";
import { Id } from "../purchases/schemas.ts";
import { SubscriptionJson } from "../subscriptions/serialize-subscription.ts";

export const UserParams = z.object({ userRef: Id("The player's game-level userRef.") });
export const UserPurchaseParams = UserParams.extend({ purchaseId: Id("The purchase id.") });
export const UserItemParams = UserParams.extend({ itemId: Id("The subscription product's id.") });

export const UserPurchasesQuery = z.object({
  limit: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(20),
  offset: z.coerce.number().int("must be a whole number").min(0, "must be at least 0").default(0),
  type: z.string().trim().min(1, "must not be empty").max(32).optional().describe("Only purchases of this item type, e.g. 'subscription'."),
});

export const UserInfo = z
  .object({ userRef: z.string(), email: z.string(), profileImageUrl: z.string(), subscriptions: z.array(SubscriptionJson) })
  .meta({ id: "UserInfo" });
export const Subscriptions = z.object({ subscriptions: z.array(SubscriptionJson) });
export const CancelResult = z.object({ success: z.literal(true), subscriptionId: z.string() });

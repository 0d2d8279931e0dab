// Business activation in tests: what an operator's approval leaves behind, for tests about something else that
// need a business allowed to go live. Tests of the activation itself go through its services and pages.
import { getDb } from "../../lib/db/client.ts";

/** Marks the business approved to go live, as an operator's approval would (status and decision time). */
export const approveBusinessForLive = async (businessId: string): Promise<void> => {
  await getDb().business.update({ where: { id: businessId }, data: { kybStatus: "approved", kybDecidedAt: new Date() } });
};

// The one write of a player's compliance status in an environment, shared by the test helper
// (set-business-user-compliance.ts) and an operator's review (decide-compliance.ts), so both have the same
// effects. `expected`: move only from that status (an operator's decision on what they saw); a review that
// moved meanwhile is left alone and null returned.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import type { VerificationStatus } from "../businesses/verification-statuses.ts";
import { newId } from "../db/ids.ts";

export const writeComplianceStatus = async (
  { db }: DbContext,
  input: { playerId: string; environment: Environment; status: VerificationStatus; expected?: string; decision?: { note: string; decidedAt: Date } },
) => {
  const key = { playerId: input.playerId, environment: input.environment };
  const data = { status: input.status, ...(input.decision ? { note: input.decision.note, decidedAt: input.decision.decidedAt } : {}) };
  if (input.expected === undefined)
    return db.playerCompliance.upsert({ where: { playerId_environment: key }, create: { id: newId(), ...key, ...data }, update: data });
  const rows = await db.playerCompliance.updateManyAndReturn({ where: { ...key, status: input.expected }, data });
  return rows[0] ?? null;
};

// The one place a player's compliance (KYC) status is written: a reviewer's decision (the test helper through
// set-business-user-compliance.ts) and the player's own submission (submit-player-compliance.ts) both go
// through here, so a status change has the same effects whoever makes it (an event, once there is one, goes here).
import type { PlayerCompliance, Prisma } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { newId } from "../db/ids.ts";
import type { VerificationStatus } from "../businesses/verification-statuses.ts";

export type ComplianceWrite = {
  playerId: string;
  environment: Environment;
  status: VerificationStatus;
  /** only from these statuses (a guarded transition: lib/core/state-machine.ts); absent: from any */
  from?: readonly VerificationStatus[];
  /** what the change records with the status (the submitted details, the reviewer's note…) */
  data?: { details?: Prisma.InputJsonValue; submittedAt?: Date; note?: string | null; decidedAt?: Date | null };
};

/**
 * Sets the player's status in `environment` and returns the row; with `from`, only when the current status
 * (not_started when there is no row yet) is one of them, else returns null and changes nothing.
 */
export const writeComplianceStatus = async (
  ctx: DbContext,
  { playerId, environment, status, from, data = {} }: ComplianceWrite,
): Promise<PlayerCompliance | null> => {
  const key = { playerId, environment };
  if (!from) {
    return ctx.db.playerCompliance.upsert({
      where: { playerId_environment: key },
      create: { id: newId(), ...key, ...data, status },
      update: { ...data, status },
    });
  }
  // a player without a row is not_started: make the row first, so the conditional write below sees it
  await ctx.db.playerCompliance.createMany({ data: [{ id: newId(), ...key, status: "not_started" }], skipDuplicates: true });
  const rows = await ctx.db.playerCompliance.updateManyAndReturn({
    where: { ...key, status: { in: [...from] } },
    data: { status, ...data },
  });
  return rows[0] ?? null;
};

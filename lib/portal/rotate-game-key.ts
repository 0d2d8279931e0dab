import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { RotateKeyBody } from "../platform/schemas.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { findBusinessKey } from "./find-business-key.ts";
import { portalCommand } from "./portal-command.ts";

const DAY_MS = 86_400_000;

/**
 * Rotates a server or campaign key of the business, as POST /v1/platform/me/keys/{keyId}/rotate does for
 * platform keys: a new key of the same kind, game or campaign and label; the old one keeps working for
 * `gracePeriodDays` (1–30, default 7), then gets 401. A key is rotated once (409 API_KEY_ALREADY_ROTATED: rotate its replacement); a revoked one is
 * 409 API_KEY_REVOKED. The raw new key is returned this once.
 */
export const rotateGameKey = portalCommand({
  permission: "keys:write",
  load: (ctx, params: { businessId: string; keyId: string; gracePeriodDays: number | string }) => findBusinessKey(ctx, params),
  input: RotateKeyBody,
  form: ({ gracePeriodDays }) => {
    const days = typeof gracePeriodDays === "string" && gracePeriodDays.trim() !== "" ? Number(gracePeriodDays) : gracePeriodDays;
    return days === "" ? {} : { gracePeriodDays: days };
  },
  run: async (ctx, { input: { gracePeriodDays }, target: old }) => {
    const at = now();
    const expiresAt = new Date(at.getTime() + gracePeriodDays * DAY_MS);
    const { key, rawKey } = await issueApiKey(ctx, {
      kind: old.kind === "campaign" ? "campaign" : "server",
      environment: old.environment,
      gameId: old.gameId ?? undefined,
      campaignId: old.campaignId ?? undefined,
      label: old.label,
    });
    // conditional on the old key's state, so two rotations at once make one replacement
    const { count } = await ctx.db.apiKey.updateMany({
      where: { id: old.id, status: "active", revokedAt: null, replacedByKeyId: null, OR: [{ expiresAt: null }, { expiresAt: { gt: at } }] },
      data: { expiresAt, replacedByKeyId: key.id },
    });
    if (count !== 1) {
      const now2 = await ctx.db.apiKey.findUniqueOrThrow({ where: { id: old.id } });
      if (now2.replacedByKeyId) throw new AppError("API_KEY_ALREADY_ROTATED", "This API key was already rotated; rotate its replacement instead.");
      throw new AppError("API_KEY_REVOKED", "This API key is revoked; create a new key instead.");
    }
    return {
      keyId: key.id,
      prefix: key.prefix,
      label: key.label,
      gameId: key.gameId,
      campaignId: key.campaignId,
      rawKey,
      oldKeyId: old.id,
      oldKeyExpiresAt: expiresAt,
    };
  },
  audit: (key, { input: { gracePeriodDays }, target: old }) => ({
    environment: old.environment,
    action: "api_key.rotated",
    objectType: "api_key",
    objectId: old.id,
    details: { prefix: old.prefix, newKeyId: key.keyId, newPrefix: key.prefix, gracePeriodDays, oldKeyExpiresAt: key.oldKeyExpiresAt.toISOString() },
  }),
});

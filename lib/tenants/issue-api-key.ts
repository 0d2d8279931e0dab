import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { DbContext } from "../core/context.ts";
import { assertLiveAllowed, type LiveOwner } from "./assert-live-allowed.ts";
import { generateKey, type Environment, type KeyKind } from "./keys.ts";

/** Whose business a new key answers to: its game's, its campaign's, or its platform's owner. */
const ownerOf = (input: { gameId?: string; campaignId?: string; platformId?: string }): LiveOwner | undefined =>
  input.gameId
    ? { gameId: input.gameId }
    : input.campaignId
      ? { campaignId: input.campaignId }
      : input.platformId
        ? { platformId: input.platformId }
        : undefined;

/**
 * Issues a key and returns its raw value once; only the hash is stored. A live key needs the business of its game,
 * campaign or platform (the platform's owner business; a platform with no owner is not gated) approved to go live:
 * 403 BUSINESS_NOT_ACTIVATED and nothing written otherwise. Every key (the portal's, /v1/platform/me/keys, rotation,
 * the seed) is issued here.
 */
export const issueApiKey = (
  ctx: DbContext,
  input: { kind: KeyKind; environment: Environment; gameId?: string; campaignId?: string; platformId?: string; scopes?: string[]; label?: string },
) =>
  inTransaction(ctx.db, async (tx) => {
    const owner = ownerOf(input);
    if (input.environment === "live" && owner) await assertLiveAllowed({ db: tx }, { environment: input.environment, ...owner });
    const { raw, hash, prefix } = generateKey(input.kind, input.environment);
    const key = await tx.apiKey.create({
      data: {
        id: newId(),
        kind: input.kind,
        environment: input.environment,
        hash,
        prefix,
        label: input.label ?? "",
        gameId: input.gameId,
        campaignId: input.campaignId,
        platformId: input.platformId,
        scopes: input.scopes ?? [],
      },
    });
    return { key, rawKey: raw };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ASSERT_LIVE_ALLOWED_ERRORS } from "./assert-live-allowed.ts";
export const ISSUE_API_KEY_ERRORS = [...ASSERT_LIVE_ALLOWED_ERRORS] as const satisfies readonly ErrorCode[];

import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import { generateKey, type Environment, type KeyKind } from "./keys.ts";

/** Issues a key and returns its raw value once; only the hash is stored. */
export const issueApiKey = async (
  ctx: DbContext,
  input: { kind: KeyKind; environment: Environment; gameId?: string; campaignId?: string; platformId?: string; scopes?: string[]; label?: string },
) => {
  const { raw, hash, prefix } = generateKey(input.kind, input.environment);
  const key = await ctx.db.apiKey.create({
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
};

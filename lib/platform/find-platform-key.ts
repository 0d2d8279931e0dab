import type { PlatformAdminContext, PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

/**
 * One of the calling platform's keys in the caller's environment (a test key never sees or changes a live
 * key); anything else is 404. `lock` takes a row lock for a change.
 */
export const findPlatformKey = async (ctx: PlatformAdminContext, { keyId, lock = false }: { keyId: string; lock?: boolean }) => {
  const { db } = ctx;
  if (lock) await db.$queryRaw`SELECT 1 FROM "ApiKey" WHERE "id" = ${keyId} FOR UPDATE`;
  const key = await db.apiKey.findFirst({ where: { id: keyId, kind: "platform", platformId: ctx.scope.platformId, environment: ctx.scope.environment } });
  if (!key) throw new AppError("API_KEY_NOT_FOUND", `API key ${keyId} was not found for this platform in ${ctx.scope.environment} mode.`);
  return key;
};

/** A key may hand out only scopes it holds itself (creating or rotating a key never widens access). */
export const requireHeldScopes = async (ctx: PlatformContext, { scopes, field }: { scopes: readonly string[]; field: string }) => {
  const { db } = ctx;
  const caller = await db.apiKey.findUniqueOrThrow({ where: { id: ctx.actor.keyId }, select: { scopes: true } });
  const notHeld = scopes.filter((s) => !caller.scopes.includes(s));
  if (notHeld.length > 0)
    throw new AppError(
      "SCOPE_NOT_HELD",
      `Your key does not hold ${notHeld.join(", ")}, so it cannot give ${notHeld.length > 1 ? "them" : "it"} to another key.`,
      {
        details: notHeld.map((s) => ({ field, message: `${s} is not held by the calling key` })),
      },
    );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const FIND_PLATFORM_KEY_ERRORS = ["API_KEY_NOT_FOUND", "SCOPE_NOT_HELD"] as const satisfies readonly ErrorCode[];

import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import type { Prisma } from "../db/generated/client.ts";
import { newId, randomHex } from "../db/ids.ts";
import type { CreateLinkSessionBody } from "./schemas.ts";
import { serializeLinkSession } from "./serialize-link-session.ts";

/** How long a platform link session waits for a business admin. */
export const PLATFORM_LINK_SESSION_LIFETIME_MS = 24 * 3_600_000;

/** An opaque session key: `pls_` + 32 hex in live, `pls_test_` + 32 hex in test. */
const newSessionKey = (environment: "test" | "live") => `pls_${environment === "test" ? "test_" : ""}${randomHex(16)}`;

/**
 * POST /v1/platform/link-sessions: a hosted URL that lets any business admin connect their business to
 * the platform with `scopes`. The metadata is kept as sent and echoed in Platform.Link.Completed/Declined.
 */
export const createLinkSession = async (ctx: PlatformContext, body: CreateLinkSessionBody) => {
  const at = now();
  const session = await ctx.db.platformLinkSession.create({
    data: {
      id: newId(),
      sessionKey: newSessionKey(ctx.scope.environment),
      platformId: ctx.scope.platformId,
      environment: ctx.scope.environment,
      scopes: body.scopes,
      metadata: body.metadata as Prisma.InputJsonValue | undefined,
      expiresAt: new Date(at.getTime() + PLATFORM_LINK_SESSION_LIFETIME_MS),
      createdAt: at,
    },
  });
  return serializeLinkSession(session, at);
};

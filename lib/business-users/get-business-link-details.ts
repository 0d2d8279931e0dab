import type { z } from "zod";
import type { TargetContext } from "../core/context.ts";
import { getLinkSessionDetails } from "../linking/get-link-session-details.ts";
import { linkScopeOf } from "../linking/link-scope.ts";
import type { BusinessLinkSessionDetails } from "../linking/schemas.ts";

/** A business-level link session of the target business (another business's, or a game's, is 404), with userRef once approved. */
export const getBusinessLinkDetails = async (ctx: TargetContext, { sessionKey }: { sessionKey: string }) =>
  (await getLinkSessionDetails(ctx, { scope: linkScopeOf(ctx), sessionKey })) as z.output<typeof BusinessLinkSessionDetails>;

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { GET_LINK_SESSION_DETAILS_ERRORS } from "../linking/get-link-session-details.ts";
import { LINK_SCOPE_ERRORS } from "../linking/link-scope.ts";
export const GET_BUSINESS_LINK_DETAILS_ERRORS = [...GET_LINK_SESSION_DETAILS_ERRORS, ...LINK_SCOPE_ERRORS] as const satisfies readonly ErrorCode[];

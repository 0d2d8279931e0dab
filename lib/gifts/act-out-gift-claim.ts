import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { claimCodeOf } from "./claim-code.ts";
import { claimGift } from "./claim-gift.ts";
import type { ClaimGiftBody } from "./schemas.ts";

/** Test mode: the recipient opens the claim link, signs in with `email` and claims the gift (same effects as the claim page). */
export const actOutGiftClaim = async (ctx: TargetContext, body: ClaimGiftBody) => {
  const code = claimCodeOf(body);
  if (!code) throw new AppError("GIFT_NOT_FOUND", "No gift has this claim code: a claim code is 64 hexadecimal characters (the end of the claim URL).");
  return claimGift(ctx, { claimCode: code, email: body.email, scope: { businessId: ctx.scope.businessId, environment: ctx.scope.environment } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CLAIM_GIFT_ERRORS } from "./claim-gift.ts";
export const ACT_OUT_GIFT_CLAIM_ERRORS = ["GIFT_NOT_FOUND", ...CLAIM_GIFT_ERRORS] as const satisfies readonly ErrorCode[];

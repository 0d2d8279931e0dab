// The states of a product and what each allows. Game products are created 'active'; user-generated
// products start as 'draft' and reach 'active' only through review.
import { nextState, type StateTable } from "../core/state-machine.ts";
import { AppError } from "../core/errors.ts";

export type ProductStatus = "draft" | "submitted" | "active" | "declined";
export type UgcAction = "submit" | "approve" | "decline" | "uploadImage";

export type UgcMove = Exclude<UgcAction, "uploadImage">;

/** The actions that change the state: the table transition-ugc-product.ts moves rows by. */
export const UGC_MOVES: StateTable<UgcMove, ProductStatus> = {
  submit: { from: ["draft", "declined"], to: "submitted" },
  approve: { from: ["submitted"], to: "active" },
  decline: { from: ["submitted"], to: "declined" },
};

/** action → the states it may start from and the state it leads to (uploadImage keeps the state). */
export const UGC_TRANSITIONS: Record<UgcAction, { from: readonly ProductStatus[]; to: ProductStatus | "same" }> = {
  ...UGC_MOVES,
  uploadImage: { from: ["draft", "declined"], to: "same" },
};

/** 409 PRODUCT_STATE_CONFLICT: `action` cannot start from `status`. */
export const ugcConflict = (status: string | null, action: UgcAction) => {
  const t = UGC_TRANSITIONS[action];
  return new AppError(
    "PRODUCT_STATE_CONFLICT",
    `Cannot ${action === "uploadImage" ? "upload an image to" : action} a product in status '${status}'; it must be ${t.from.map((s) => `'${s}'`).join(" or ")}.`,
  );
};

/** Only an active product may be visible or for sale. */
export const SALEABLE_STATUSES: readonly ProductStatus[] = ["active"];

/** The state `action` leads to from `status`, or a 409 naming the states it needs. */
export const nextUgcStatus = (status: string, action: UgcAction): ProductStatus => {
  const refuse = (s: string) => ugcConflict(s, action);
  if (action !== "uploadImage") return nextState(UGC_MOVES, status, action, refuse);
  // uploadImage keeps the state; it only needs one of its source states
  if (!UGC_TRANSITIONS.uploadImage.from.includes(status as ProductStatus)) throw refuse(status);
  return status as ProductStatus;
};

export const isSaleable = (status: string) => SALEABLE_STATUSES.includes(status as ProductStatus);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const UGC_STATES_ERRORS = ["PRODUCT_STATE_CONFLICT"] as const satisfies readonly ErrorCode[];

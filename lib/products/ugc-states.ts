// The states of a product and what each allows. Game products are created 'active'; user-generated
// products start as 'draft' and reach 'active' only through review.
import { AppError } from "../http/errors.ts";

export type ProductStatus = "draft" | "submitted" | "active" | "declined";
export type UgcAction = "submit" | "approve" | "decline" | "uploadImage";

/** action → the states it may start from and the state it leads to (uploadImage keeps the state). */
export const UGC_TRANSITIONS: Record<UgcAction, { from: readonly ProductStatus[]; to: ProductStatus | "same" }> = {
  submit: { from: ["draft", "declined"], to: "submitted" },
  approve: { from: ["submitted"], to: "active" },
  decline: { from: ["submitted"], to: "declined" },
  uploadImage: { from: ["draft", "declined"], to: "same" },
};

/** Only an active product may be visible or for sale. */
export const SALEABLE_STATUSES: readonly ProductStatus[] = ["active"];

/** The state `action` leads to from `status`, or a 409 naming the states it needs. */
export const nextUgcStatus = (status: string, action: UgcAction): ProductStatus => {
  const t = UGC_TRANSITIONS[action];
  if (!t.from.includes(status as ProductStatus))
    throw new AppError("PRODUCT_STATE_CONFLICT", `Cannot ${action === "uploadImage" ? "upload an image to" : action} a product in status '${status}'; it must be ${t.from.map((s) => `'${s}'`).join(" or ")}.`, { status: 409 });
  return t.to === "same" ? (status as ProductStatus) : t.to;
};

export const isSaleable = (status: string) => SALEABLE_STATUSES.includes(status as ProductStatus);

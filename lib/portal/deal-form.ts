// The deal forms as the bodies of the deal services (POST /v1/test-helpers/deals is the API's form of create).
import { jsonOf, numberOf } from "./product-form.ts";

/** currencyId "" (or "USD") is a USD deal. */
export type DealForm = { code: string; currencyId: string; overridePrice: string; status: string; metadata: string };

const currencyOf = (v: string) => (v === "" || v === "USD" ? null : v);

export const createDealBodyOf = (itemId: string, f: DealForm) => ({
  itemId,
  code: f.code,
  currencyId: currencyOf(f.currencyId) ?? undefined,
  overridePrice: numberOf(f.overridePrice),
  status: f.status || undefined,
  metadata: jsonOf(f.metadata, undefined),
});

/** The whole edit form: an empty metadata field removes the metadata. */
export const updateDealBodyOf = (f: DealForm) => ({
  code: f.code,
  currencyId: currencyOf(f.currencyId),
  overridePrice: numberOf(f.overridePrice),
  status: f.status,
  metadata: jsonOf(f.metadata, null),
});

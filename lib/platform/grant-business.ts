import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";

/** An active grant of `scopes` from a business to a platform. */
export const grantBusiness = (db: DbClient, input: { platformId: string; businessId: string; scopes: string[] }) =>
  db.businessGrant.create({ data: { id: newId(), platformId: input.platformId, businessId: input.businessId, grantedScopes: input.scopes } });

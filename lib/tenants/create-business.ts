import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";
import type { Environment } from "../core/environment.ts";

export const createBusiness = (db: DbClient, input: { name: string; environment: Environment; ownerId?: string }) =>
  db.business.create({ data: { id: newId(), name: input.name, environment: input.environment, ownerId: input.ownerId } });

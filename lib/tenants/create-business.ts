import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";

export const createBusiness = (ctx: DbContext, input: { name: string; environment: Environment; ownerId?: string }) =>
  ctx.db.business.create({ data: { id: newId(), name: input.name, environment: input.environment, ownerId: input.ownerId } });

import bcrypt from "bcryptjs";
import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";

/** A portal login. The password is kept only as a bcrypt hash. */
export const createDeveloperAccount = async (ctx: DbContext, input: { email: string; name: string; password: string }) =>
  ctx.db.developerAccount.create({
    data: { id: newId(), email: input.email.toLowerCase(), name: input.name, passwordHash: await bcrypt.hash(input.password, 10) },
  });

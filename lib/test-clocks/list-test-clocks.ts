import type { ServiceContext } from "../core/context.ts";
import { clockOwnerOf } from "./clock-owner.ts";

/** The caller's test clocks, newest first (at most 100); none under a live key. */
export const listTestClocks = async (ctx: ServiceContext) => {
  const owner = clockOwnerOf(ctx.scope);
  if (!owner || ctx.scope.environment !== "test") return [];
  return ctx.db.testClock.findMany({ where: owner, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 100 });
};

// portalCommand against PostgreSQL: the access check (401 / 404 / 403, before anything else), the object
// loaded before the form is read, the form parsed once (400 VALIDATION_ERROR naming each field), the
// service and its audit entries in one transaction (a failing service or audit leaves neither), and the
// "service" mode and `after` step.
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { isInTransaction } from "@/lib/db/transaction";
import { as, expectRefusedToReaders, makePortalTenant } from "@/tests/support/portal";
import { findBusinessGame } from "./load-portal-game";
import { portalCommand, type PortalTxContext } from "./portal-command";

const db = getDb();
const auditsOf = (action: string) => db.auditEntry.findMany({ where: { action }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** A command renaming a game (games:write), with its own audit action so each test finds its entries. */
const renameCommand = (opts: { fail?: "service" | "audit"; action?: string } = {}) => {
  const action = opts.action ?? `test.renamed_${randomUUID()}`;
  const run = vi.fn(async (ctx: PortalTxContext, game: { id: string }, name: string) => {
    const row = await ctx.db.game.update({ where: { id: game.id }, data: { name } });
    if (opts.fail === "service") throw new AppError("API_KEY_REVOKED", "The service refused after writing.");
    return row;
  });
  const command = portalCommand({
    permission: "games:write",
    load: (ctx, params: { businessId: string; gameId: string; name: string }) => findBusinessGame(ctx, params),
    input: z.object({ name: z.string().trim().min(1, "must not be empty").max(20, "must be at most 20 characters") }),
    form: ({ name }) => ({ name }),
    run: (ctx, { input, target }) => run(ctx, target, input.name),
    audit: (row, { target }) => {
      if (opts.fail === "audit") throw new Error("the audit entry could not be made");
      return { environment: target.environment, action, objectType: "game", objectId: row.id, details: { name: row.name } };
    },
  });
  return { command, run, action };
};

describe("portalCommand", () => {
  it("checks access first: signed out 401, a stranger 404, a role without the permission 403; nothing runs or is audited", async () => {
    const t = await makePortalTenant();
    const { command, run, action } = renameCommand();
    await expectRefusedToReaders(t, { rename: (ctx) => command(ctx, { businessId: t.business.id, gameId: t.game.id, name: "New name" }) });
    // the exact messages the portal shows today (require-portal-access.ts)
    await expect(command(as(null), { businessId: t.business.id, gameId: t.game.id, name: "X" })).rejects.toMatchObject({
      message: "Sign in with the email that is a member of this business.",
    });
    await expect(command(as(t.viewer), { businessId: t.business.id, gameId: t.game.id, name: "X" })).rejects.toMatchObject({
      message: "Your role (viewer) does not allow this. Ask an owner or admin of the business.",
    });
    await expect(command(as(t.developer), { businessId: "not an id", gameId: t.game.id, name: "X" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    expect(run).not.toHaveBeenCalled();
    expect(await auditsOf(action)).toEqual([]);
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).name).toBe("Main game");
  });

  it("runs for a role with the permission, writes the member's audit entry and returns the result", async () => {
    const t = await makePortalTenant();
    const { command, action } = renameCommand();
    const row = await command(as(t.developer), { businessId: t.business.id, gameId: t.game.id, name: "  Renamed  " });
    expect(row).toMatchObject({ id: t.game.id, name: "Renamed" });
    expect(await auditsOf(action)).toEqual([
      expect.objectContaining({
        businessId: t.business.id,
        environment: "test",
        actorType: "member",
        actorId: t.developer.email,
        actorLabel: t.developer.email,
        objectType: "game",
        objectId: t.game.id,
        details: { name: "Renamed" },
      }),
    ]);
  });

  it("finds the object before reading the form (another business's game is 404 whatever the form), then refuses a bad form with 400 naming each field", async () => {
    const t = await makePortalTenant();
    const { command, run, action } = renameCommand();
    await expect(command(as(t.developer), { businessId: t.business.id, gameId: t.otherGame.id, name: "" })).rejects.toMatchObject({
      code: "GAME_NOT_FOUND",
      status: 404,
    });
    const refusal = await command(as(t.developer), { businessId: t.business.id, gameId: t.game.id, name: "x".repeat(21) }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      message: "Invalid body: name must be at most 20 characters.",
      details: [{ field: "name", message: "must be at most 20 characters" }],
    });
    expect(run).not.toHaveBeenCalled();
    expect(await auditsOf(action)).toEqual([]);
  });

  it("runs the service and writes the audit entry in one transaction: a failing service leaves neither its change nor an entry", async () => {
    const t = await makePortalTenant();
    const { command, run, action } = renameCommand({ fail: "service" });
    await expect(command(as(t.developer), { businessId: t.business.id, gameId: t.game.id, name: "Half done" })).rejects.toMatchObject({
      code: "API_KEY_REVOKED",
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(isInTransaction(run.mock.calls[0]![0].db)).toBe(true);
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).name).toBe("Main game");
    expect(await auditsOf(action)).toEqual([]);
  });

  it("undoes the change when its audit entry cannot be made", async () => {
    const t = await makePortalTenant();
    const { command, action } = renameCommand({ fail: "audit" });
    await expect(command(as(t.developer), { businessId: t.business.id, gameId: t.game.id, name: "Unaudited" })).rejects.toThrow(
      "the audit entry could not be made",
    );
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).name).toBe("Main game");
    expect(await auditsOf(action)).toEqual([]);
  });

  it("writes several entries, or none (null); `after` runs after the commit and answers for the command", async () => {
    const t = await makePortalTenant();
    const action = `test.pair_${randomUUID()}`;
    const seen: boolean[] = [];
    const twice = portalCommand({
      permission: "games:write",
      run: async (ctx, { params }: { params: { businessId: string; audit: boolean } }) => ({ id: params.businessId, audit: params.audit }),
      audit: ({ id, audit }) =>
        audit ? [1, 2].map((n) => ({ environment: "test" as const, action, objectType: "business", objectId: id, details: { n } })) : null,
      after: async (ctx, result) => {
        seen.push(isInTransaction(ctx.db));
        return { done: result.id };
      },
    });
    expect(await twice(as(t.admin), { businessId: t.business.id, audit: false })).toEqual({ done: t.business.id });
    expect(await auditsOf(action)).toEqual([]);
    expect(await twice(as(t.admin), { businessId: t.business.id, audit: true })).toEqual({ done: t.business.id });
    // both entries share one transaction's time, and ids are random: ordered here by their detail
    const entries = (await auditsOf(action)).map((a) => [a.businessId, a.actorId, a.details] as const);
    expect(entries.sort((a, b) => JSON.stringify(a[2]).localeCompare(JSON.stringify(b[2])))).toEqual([
      [t.business.id, t.admin.email, { n: 1 }],
      [t.business.id, t.admin.email, { n: 2 }],
    ]);
    expect(seen).toEqual([false, false]);
  });

  it('"service" mode: the service commits on its own (a refusal it records stays), the entry follows a success', async () => {
    const t = await makePortalTenant();
    const action = `test.service_${randomUUID()}`;
    const command = portalCommand({
      permission: "games:write",
      load: (ctx, params: { businessId: string; gameId: string; refuse: boolean }) => findBusinessGame(ctx, params),
      transaction: "service",
      run: async (ctx, { params, target }) => {
        expect(isInTransaction(ctx.db)).toBe(false);
        await ctx.db.game.update({ where: { id: target.id }, data: { name: params.refuse ? "Refusal recorded" : "Done" } });
        if (params.refuse) throw new AppError("API_KEY_REVOKED", "Refused after recording it.");
        return target;
      },
      audit: (game) => ({ environment: game.environment, action, objectType: "game", objectId: game.id }),
    });
    await expect(command(as(t.developer), { businessId: t.business.id, gameId: t.game.id, refuse: true })).rejects.toMatchObject({ code: "API_KEY_REVOKED" });
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).name).toBe("Refusal recorded");
    expect(await auditsOf(action)).toEqual([]);
    await command(as(t.developer), { businessId: t.business.id, gameId: t.game.id, refuse: false });
    expect(await auditsOf(action)).toEqual([expect.objectContaining({ objectId: t.game.id, actorId: t.developer.email })]);
  });

  it("a definition names a permission or its own access check, not both or neither", () => {
    expect(() => portalCommand({ run: async () => 1, audit: () => null })).toThrow("either a permission or its own access check");
  });
});

import { z } from "zod";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { AppError, notFound } from "../core/errors.ts";
import { UserRef } from "../core/schemas.ts";
import { Prisma } from "../db/generated/client.ts";
import { utcSql } from "../db/utc.ts";
import { vcAsset } from "../ledger/accounts.ts";
import type { JournalEntry } from "../vc/schemas.ts";
import { readJournalEntries } from "../vc/read-journal-entries.ts";
import { businessGamesOf, findBusinessCurrency } from "./ledger-games.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "must be a real date");

/** The explorer's filters, as the search parameters of /portal/{businessId}/ledger/journals (empty = unset). */
export const LedgerJournalFilter = z
  .object({
    gameId: z.preprocess(blank, z.string().trim().max(64, "must be at most 64 characters").optional()),
    currencyId: z.preprocess(blank, z.string().trim().max(64, "must be at most 64 characters").optional()),
    type: z.preprocess(blank, z.string().trim().max(32, "must be at most 32 characters").optional()),
    userRef: z.preprocess(blank, UserRef.optional()),
    from: z.preprocess(blank, Day.optional()),
    to: z.preprocess(blank, Day.optional()),
    cursor: z.preprocess(blank, z.string().trim().max(64, "must be at most 64 characters").optional()),
    limit: z.preprocess(
      blank,
      z.coerce.number("must be a whole number").int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(25),
    ),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "must not be before the start date", path: ["to"] });
export type LedgerJournalFilter = z.output<typeof LedgerJournalFilter>;

const FILTER_KEYS = ["gameId", "currencyId", "type", "userRef", "from", "to", "cursor", "limit"] as const;
/** The filter fields of a page's search parameters (a repeated parameter: its first value). */
export const journalFilterOf = (q: Record<string, string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(
    FILTER_KEYS.flatMap((k) => {
      const v = Array.isArray(q[k]) ? q[k][0] : q[k];
      return typeof v === "string" ? [[k, v]] : [];
    }),
  );

export type LedgerJournal = JournalEntry & {
  game: { id: string; name: string };
  currency: { id: string; code: string; name: string };
  reference: string | null;
  /** the sum of the postings' deltas: "0" for every journal the engine wrote */
  sumUnits: string;
};

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

/**
 * The ledger explorer: the VC journals of the business's games in `environment`, newest first (ties by id,
 * newest first, as GET /v1/vc/journals orders them), each with its postings in the order written (the same
 * serializer), filtered by game, currency, type, player and day range (UTC, both days included), a page of
 * `limit` after `cursor` (the id of the previous page's last journal). Filters that do not parse are not
 * applied: they come back in `invalid` with the API's field messages. Another business's game, currency or
 * player is a 404; a cursor that is not one of the listed journals is reported in `invalid` (first page shown).
 */
export const listLedgerJournals = async (ctx: PortalContext, input: { businessId: string; environment: Environment; filter: Record<string, unknown> }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "ledger:read" });
  const { environment } = input;
  const parsed = LedgerJournalFilter.safeParse(input.filter);
  const invalid = parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message }));
  const f: LedgerJournalFilter = parsed.success ? parsed.data : { limit: 25 };

  const games = await businessGamesOf(ctx, { businessId: input.businessId, environment });
  let gameIds = games.map((g) => g.id);
  if (f.gameId !== undefined) {
    if (!gameIds.includes(f.gameId)) throw new AppError("GAME_NOT_FOUND", "This game was not found.");
    gameIds = [f.gameId];
  }
  const currencies = await ctx.db.virtualCurrency.findMany({ where: { gameId: { in: games.map((g) => g.id) }, environment }, orderBy: { createdAt: "asc" } });
  if (f.currencyId !== undefined) {
    const c = await findBusinessCurrency(ctx, { businessId: input.businessId, currencyId: f.currencyId });
    if (c.environment !== environment || !gameIds.includes(c.gameId)) throw notFound(`Currency ${JSON.stringify(f.currencyId)}`, "CURRENCY_NOT_FOUND");
  }
  if (f.userRef !== undefined) {
    const link = await ctx.db.playerLink.findUnique({ where: { userRef: f.userRef } });
    if (!link || link.namespaceType !== "game" || !games.some((g) => g.id === link.namespaceId) || link.environment !== environment)
      throw notFound(`User ${JSON.stringify(f.userRef)}`, "USER_REF_NOT_FOUND");
  }

  // the (game, currency) pairs listed: each is read newest first on the journals' (tenantId, asset, createdAt) index
  const listed = currencies.filter((c) => gameIds.includes(c.gameId) && (f.currencyId === undefined || c.id === f.currencyId));
  let after: { id: string; createdAt: Date } | null = null;
  if (f.cursor !== undefined) {
    after = await ctx.db.ledgerJournal.findFirst({
      where: { id: f.cursor, environment, tenantId: { in: gameIds } },
      select: { id: true, createdAt: true },
    });
    if (!after) invalid.push({ field: "cursor", message: "is not a journal of this list: showing the first page" });
  }
  const page = await pageOfJournals(ctx, { environment, listed, filter: f, after });
  // the page's journals with their postings (not the one past it: it only says that there are older ones)
  const ids = page.slice(0, f.limit).map((r) => r.id);
  const byId = new Map((await readJournalEntries(ctx, ids)).map((j) => [j.id, j]));
  const shown = ids.map((id) => byId.get(id)!);
  const gameById = new Map(games.map((g) => [g.id, g]));
  const currencyByAsset = new Map(currencies.map((c) => [vcAsset(c.id), c]));
  const items: LedgerJournal[] = shown.map((j) => {
    const c = currencyByAsset.get(j.asset);
    const g = gameById.get(j.tenantId);
    return {
      ...j.entry,
      game: { id: j.tenantId, name: g?.name ?? "" },
      currency: { id: c?.id ?? j.asset.slice(3), code: c?.code ?? "", name: c?.name ?? "" },
      reference: j.reference,
      sumUnits: j.sumUnits,
    };
  });
  const types = await recentTypesOf(ctx, { environment, currencies, selected: f.type });
  return {
    member,
    filter: f,
    invalid,
    items,
    nextCursor: page.length > f.limit ? shown[shown.length - 1]!.id : null,
    options: {
      games: games.map((g) => ({ id: g.id, name: g.name })),
      currencies: currencies.map((c) => ({ id: c.id, code: c.code, name: c.name, gameId: c.gameId })),
      types,
    },
  };
};

type Listed = { id: string; gameId: string };

/**
 * A page of `filter.limit + 1` journal ids (and times) of the `listed` currencies, newest first (ties by id), after
 * `after`: for each currency, its newest matching journals read in the order of the journals' (tenantId, asset,
 * createdAt) index (GET /v1/vc/journals's order, one currency at a time), then merged. The time does not grow with
 * the number of journals: one newest-first sort across every currency's asset (`asset LIKE 'vc:%'`) read and
 * sorted all of them, about 1 s on 1,000,000 journals (docs/benchmarks.md). A player's journals are read through
 * their account's postings.
 */
const pageOfJournals = async (
  { db }: DbContext,
  {
    environment,
    listed,
    filter: f,
    after,
  }: { environment: Environment; listed: Listed[]; filter: LedgerJournalFilter; after: { id: string; createdAt: Date } | null },
): Promise<{ id: string; createdAt: Date }[]> => {
  if (listed.length === 0) return [];
  let accountOf: Map<string, string> | null = null;
  if (f.userRef !== undefined) {
    const accounts = await db.ledgerAccount.findMany({
      where: { asset: { in: listed.map((c) => vcAsset(c.id)) }, environment, kind: "user", ownerRef: f.userRef, slot: 0 },
      select: { id: true, asset: true },
    });
    accountOf = new Map(accounts.map((a) => [a.asset, a.id]));
    listed = listed.filter((c) => accountOf!.has(vcAsset(c.id)));
    if (listed.length === 0) return [];
  }
  const take = f.limit + 1;
  const conditions = [
    f.type !== undefined ? Prisma.sql`AND j."type" = ${f.type}` : Prisma.empty,
    f.from ? Prisma.sql`AND j."createdAt" >= ${utcSql(new Date(`${f.from}T00:00:00Z`))}` : Prisma.empty,
    f.to ? Prisma.sql`AND j."createdAt" < ${utcSql(nextDay(f.to))}` : Prisma.empty,
    after ? Prisma.sql`AND (j."createdAt", j."id") < (${utcSql(after.createdAt)}, ${after.id})` : Prisma.empty,
    accountOf ? Prisma.sql`AND j."id" IN (SELECT p."journalId" FROM "LedgerPosting" p WHERE p."accountId" = c."accountId")` : Prisma.empty,
  ];
  return db.$queryRaw<{ id: string; createdAt: Date }[]>`
    SELECT x."id", x."createdAt"
    FROM unnest(${listed.map((c) => c.gameId)}::text[], ${listed.map((c) => vcAsset(c.id))}::text[], ${listed.map((c) => accountOf?.get(vcAsset(c.id)) ?? "")}::text[])
      AS c("tenantId", "asset", "accountId")
    CROSS JOIN LATERAL (
      SELECT j."id", j."createdAt" FROM "LedgerJournal" j
      WHERE j."tenantId" = c."tenantId" AND j."asset" = c."asset" AND j."environment" = ${environment}::"Environment" ${Prisma.join(conditions, " ")}
      ORDER BY j."createdAt" DESC, j."id" DESC
      LIMIT ${take}
    ) x
    ORDER BY x."createdAt" DESC, x."id" DESC
    LIMIT ${take}`;
};

/** How many of each currency's newest journals the type filter's choices are read from. */
export const TYPE_CHOICES_WINDOW = 1000;

/**
 * The type filter's choices: the types of each currency's newest TYPE_CHOICES_WINDOW journals (read by index, like
 * a page), and the selected type. Every type of every journal would be a DISTINCT over all of them (about 0.3 s on
 * 1,000,000 journals, docs/benchmarks.md; docs/decisions/portal-journals-page.md).
 */
const recentTypesOf = async (
  { db }: DbContext,
  { environment, currencies, selected }: { environment: Environment; currencies: Listed[]; selected: string | undefined },
): Promise<string[]> => {
  const rows =
    currencies.length === 0
      ? []
      : await db.$queryRaw<{ type: string }[]>`
          SELECT DISTINCT x."type"
          FROM unnest(${currencies.map((c) => c.gameId)}::text[], ${currencies.map((c) => vcAsset(c.id))}::text[]) AS c("tenantId", "asset")
          CROSS JOIN LATERAL (
            SELECT j."type" FROM "LedgerJournal" j
            WHERE j."tenantId" = c."tenantId" AND j."asset" = c."asset" AND j."environment" = ${environment}::"Environment"
            ORDER BY j."createdAt" DESC
            LIMIT ${TYPE_CHOICES_WINDOW}
          ) x`;
  const types = new Set(rows.map((r) => r.type));
  if (selected !== undefined) types.add(selected);
  return [...types].sort();
};

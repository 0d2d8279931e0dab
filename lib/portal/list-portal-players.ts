import type { Environment } from "../core/environment.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import { playerNamespacesOf, type PlayerNamespace } from "./player-namespaces.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { searchPortalPlayers, type PlayerHit } from "./search-portal-players.ts";

/** Players a page. */
export const PLAYERS_PAGE_SIZE = 25;

export type PlayerListFilter = {
  /** "active" or "unlinked" (removed); anything else: both */
  status?: string;
  /** "<type>:<id>" of one of the business's namespaces; anything else: all */
  linkedTo?: string;
  /** 1-based; anything that is not a whole number ≥ 1: 1 */
  page?: string;
  /** userRef or email, whole or its beginning (searchPortalPlayers); empty: the list */
  query?: string;
};

const STATUSES = new Set(["active", "unlinked"]);

/**
 * The Players page (players:read): the business's players of `environment` (links of its games, campaigns
 * and the business itself), newest link first, PLAYERS_PAGE_SIZE a page, filtered by status and namespace,
 * with the counts of the filtered set (all, active, removed). With a query, the search (searchPortalPlayers)
 * narrowed by the same filters. Another business's namespace in the filter is ignored (not found among the
 * business's own): a member never sees a link outside the business.
 */
export const listPortalPlayers = async (ctx: PortalContext, input: { businessId: string; environment: Environment; filter: PlayerListFilter }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "players:read" });
  const ns = await playerNamespacesOf(ctx, input);
  const [type, id] = (input.filter.linkedTo ?? "").split(":", 2);
  const linkedTo: PlayerNamespace | undefined = type && id ? ns.find(type, id) : undefined;
  const status = input.filter.status && STATUSES.has(input.filter.status) ? input.filter.status : undefined;
  const asked = Number(input.filter.page);
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const filter = { status, linkedTo: linkedTo ? `${linkedTo.type}:${linkedTo.id}` : undefined };
  const keep = (h: { status: string; namespace: PlayerNamespace }) =>
    (!status || h.status === status) && (!linkedTo || (h.namespace.type === linkedTo.type && h.namespace.id === linkedTo.id));

  if ((input.filter.query ?? "").trim() !== "") {
    const found = await searchPortalPlayers(ctx, { ...input, query: input.filter.query! });
    const hits = found.hits.filter(keep);
    return { member, mode: "search" as const, query: found.query, invalid: found.invalid, hits, namespaces: ns.all, filter, counts: null, pagination: null };
  }

  const where = {
    AND: [
      linkedTo ? { namespaceType: linkedTo.type, namespaceId: linkedTo.id } : ns.where,
      { environment: input.environment },
      ...(status ? [{ status }] : []),
    ],
  };
  const byStatus = { AND: [linkedTo ? { namespaceType: linkedTo.type, namespaceId: linkedTo.id } : ns.where, { environment: input.environment }] };
  const [rows, total, active, unlinked] = await Promise.all([
    ctx.db.playerLink.findMany({
      where,
      include: { player: { select: { email: true } } },
      orderBy: [{ linkedAt: "desc" }, { id: "desc" }],
      ...pageWindow({ page, limit: PLAYERS_PAGE_SIZE }),
    }),
    ctx.db.playerLink.count({ where }),
    ctx.db.playerLink.count({ where: { AND: [...byStatus.AND, { status: "active" }] } }),
    ctx.db.playerLink.count({ where: { AND: [...byStatus.AND, { status: "unlinked" }] } }),
  ]);
  const hits: PlayerHit[] = rows.map((r) => ({
    userRef: r.userRef,
    email: r.player.email,
    namespace: ns.find(r.namespaceType, r.namespaceId)!,
    status: r.status,
    linkedAt: r.linkedAt,
    exact: false,
  }));
  return {
    member,
    mode: "list" as const,
    query: "",
    invalid: false,
    hits,
    namespaces: ns.all,
    filter,
    /** of the namespace filter's links: all, active, removed (the status filter's choices) */
    counts: { all: active + unlinked, active, unlinked },
    pagination: pageInfo({ page, limit: PLAYERS_PAGE_SIZE, totalCount: total }),
  };
};

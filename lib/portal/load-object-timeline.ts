// /portal/{businessId}/timeline/{objectId}: everything that happened to one object, in time order: the /v1
// requests that named it (RequestLog.objectIds), its state changes (audit entries, and the webhook events
// about it), its ledger journals (LedgerJournal.reference is the purchase, distribution, … that caused it;
// a purchase also names its journal), and its webhook deliveries with every attempt. A purchase, a link
// session or a distribution is recognised as such; any other id works when the business's log or audit
// names it. Everything is scoped to the business: another business's object is not found (null: 404).
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type TimelineObject = {
  kind: "purchase" | "link_session" | "distribution" | "object";
  id: string;
  environment: "test" | "live" | null;
  status: string | null;
  createdAt: Date | null;
  /** facts worth showing beside the title (amounts, user, product) */
  facts: { label: string; value: string }[];
};

export type TimelineItem =
  | { type: "created"; at: Date; title: string }
  | { type: "request"; at: Date; requestId: string; method: string; path: string; status: number; latencyMs: number; errorCode: string | null }
  | { type: "change"; at: Date; action: string; actor: string; requestId: string }
  | { type: "event"; at: Date; eventId: string; event: string; owner: string }
  | { type: "journal"; at: Date; journalId: string; journalType: string; asset: string; postings: { account: string; delta: string }[] }
  | {
      type: "delivery";
      at: Date;
      deliveryId: string;
      event: string;
      url: string;
      status: string;
      attempts: { attempt: number; at: Date; statusCode: number | null; latencyMs: number; error: string | null }[];
    };

const MAX_ROWS = 200;

/** A purchase's amount in its currency: USDC micro-units and USD cents as decimals, VC units as they are. */
const amountText = (amount: bigint, currency: string): string => {
  const decimals = currency === "USDC" ? 6 : currency === "USD" ? 2 : 0;
  if (decimals === 0) return `${amount.toString()} ${currency}`;
  const unit = 10n ** BigInt(decimals);
  const sign = amount < 0n ? "-" : "";
  const abs = amount < 0n ? -amount : amount;
  const fraction = (abs % unit).toString().padStart(decimals, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${abs / unit}.${fraction} ${currency}`;
};

export const loadObjectTimeline = async (ctx: PortalContext, { businessId, objectId }: { businessId: string; objectId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "logs:read" });
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(objectId)) return { member, object: null, items: [] as TimelineItem[] };
  const db = ctx.db;
  const [games, campaigns] = await Promise.all([
    db.game.findMany({ where: { businessId }, select: { id: true } }),
    db.campaign.findMany({ where: { businessId }, select: { id: true } }),
  ]);
  const gameIds = games.map((g) => g.id);
  const campaignIds = campaigns.map((c) => c.id);

  // what the object is, and whether it is the business's
  let object: TimelineObject | null = null;
  let journalId: string | null = null;
  const purchase = await db.purchase.findUnique({ where: { id: objectId } });
  if (purchase && gameIds.includes(purchase.gameId)) {
    journalId = purchase.journalId;
    object = {
      kind: "purchase",
      id: purchase.id,
      environment: purchase.environment,
      status: purchase.status,
      createdAt: purchase.createdAt,
      facts: [
        { label: "Product", value: purchase.productId },
        { label: "User", value: purchase.userRef ?? "(guest)" },
        { label: "Amount", value: amountText(purchase.amount, purchase.currency) },
        { label: "Payment", value: purchase.paymentMethod ?? "not paid" },
        { label: "Fulfilment", value: purchase.fulfillmentStatus },
      ],
    };
  }
  if (!object) {
    const s = await db.linkSession.findUnique({ where: { id: objectId } });
    const ours =
      s &&
      ((s.namespaceType === "game" && gameIds.includes(s.namespaceId)) ||
        (s.namespaceType === "campaign" && campaignIds.includes(s.namespaceId)) ||
        (s.namespaceType === "business" && s.namespaceId === businessId));
    if (s && ours)
      object = {
        kind: "link_session",
        id: s.id,
        environment: s.environment,
        status: s.state,
        createdAt: s.createdAt,
        facts: [
          { label: "Namespace", value: `${s.namespaceType} ${s.namespaceId}` },
          { label: "User", value: s.userRef ?? "(not linked yet)" },
          { label: "Expires", value: s.expiresAt.toISOString() },
        ],
      };
  }
  if (!object) {
    const d = await db.distribution.findUnique({ where: { id: objectId } });
    if (d && d.businessId === businessId)
      object = {
        kind: "distribution",
        id: d.id,
        environment: d.environment,
        status: d.status,
        createdAt: d.createdAt,
        facts: [
          { label: "Total", value: `${d.totalAmountCents.toString()} cents ${d.currency}` },
          { label: "Mode", value: d.mode },
          { label: "Payout path", value: d.payoutPath },
        ],
      };
  }
  const known = object !== null;

  const owners = [
    ...(gameIds.length ? [{ ownerType: "game", ownerId: { in: gameIds } }] : []),
    ...(campaignIds.length ? [{ ownerType: "campaign", ownerId: { in: campaignIds } }] : []),
  ];
  const [requests, audits, events, journals] = await Promise.all([
    db.requestLog.findMany({
      where: { businessId, objectIds: { has: objectId } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: MAX_ROWS,
      select: { requestId: true, method: true, path: true, status: true, latencyMs: true, errorCode: true, createdAt: true },
    }),
    db.auditEntry.findMany({ where: { businessId, objectId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: MAX_ROWS }),
    // events owned by the business's games and campaigns; a platform's events about the business's own object
    // are shown too, without the platform's deliveries (its endpoints are not the business's)
    owners.length || known
      ? db.webhookEvent.findMany({
          where: { objectId, OR: [...owners, ...(known ? [{ ownerType: "platform" }] : [])] },
          orderBy: [{ createdAt: "asc" }, { sequence: "asc" }],
          take: MAX_ROWS,
          include: { deliveries: { include: { attemptLog: { orderBy: { attempt: "asc" } } }, orderBy: { createdAt: "asc" } } },
        })
      : [],
    db.ledgerJournal.findMany({
      where: {
        tenantId: { in: [businessId, ...gameIds, ...campaignIds] },
        OR: [{ reference: objectId }, ...(journalId ? [{ id: journalId }] : [])],
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: MAX_ROWS,
      include: { postings: { include: { account: { select: { kind: true, ownerRef: true } } }, orderBy: { id: "asc" } } },
    }),
  ]);
  if (!known && requests.length === 0 && audits.length === 0 && events.length === 0) return { member, object: null, items: [] as TimelineItem[] };
  object ??= { kind: "object", id: objectId, environment: null, status: null, createdAt: null, facts: [] };

  const items: TimelineItem[] = [];
  if (object.createdAt) items.push({ type: "created", at: object.createdAt, title: `${object.kind.replace("_", " ")} created` });
  for (const r of requests)
    items.push({
      type: "request",
      at: r.createdAt,
      requestId: r.requestId,
      method: r.method,
      path: r.path,
      status: r.status,
      latencyMs: r.latencyMs,
      errorCode: r.errorCode,
    });
  for (const a of audits) items.push({ type: "change", at: a.createdAt, action: a.action, actor: a.actorLabel, requestId: a.requestId });
  for (const e of events) {
    items.push({ type: "event", at: e.createdAt, eventId: e.id, event: e.event, owner: e.ownerType });
    if (e.ownerType === "platform") continue;
    for (const d of e.deliveries)
      items.push({
        type: "delivery",
        at: d.createdAt,
        deliveryId: d.id,
        event: e.event,
        url: d.url,
        status: d.status,
        attempts: d.attemptLog.map((t) => ({ attempt: t.attempt, at: t.createdAt, statusCode: t.statusCode, latencyMs: t.latencyMs, error: t.error })),
      });
  }
  for (const j of journals)
    items.push({
      type: "journal",
      at: j.createdAt,
      journalId: j.id,
      journalType: j.type,
      asset: j.asset,
      postings: j.postings.map((p) => ({ account: `${p.account.kind} ${p.account.ownerRef}`, delta: p.delta.toString() })),
    });
  // time order; at the same instant: created, request, change, journal, event, delivery
  const RANK: Record<TimelineItem["type"], number> = { created: 0, request: 1, change: 2, journal: 3, event: 4, delivery: 5 };
  items.sort((a, b) => a.at.getTime() - b.at.getTime() || RANK[a.type] - RANK[b.type]);
  return { member, object, items };
};

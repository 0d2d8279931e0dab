// Walking a paginated list, whatever its page shape. The API has three (docs/decisions/sdk.md):
//   page/limit with `pagination` beside one array (hasNextPage, or page < totalPages);
//   limit/offset with `data.pagination` ({offset, limit, hasMore}) beside `data.<array>`;
//   limit/offset with a bare array (the next offset is this one plus the items; a short page is the last).
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The level that carries `pagination`, its array and the pagination object; null when the answer has none. */
const pageOf = (answer: unknown): { items: unknown[]; pagination: Json } | null => {
  for (const level of [answer, isObject(answer) ? answer.data : undefined]) {
    if (!isObject(level) || !isObject(level.pagination)) continue;
    const arrays = Object.values(level).filter(Array.isArray);
    if (arrays.length !== 1) throw new Error("paginate: expected exactly one list beside `pagination`");
    return { items: arrays[0] as unknown[], pagination: level.pagination };
  }
  return null;
};

export async function* paginate(
  fetchPage: (query: Record<string, unknown>) => Promise<unknown>,
  query: Record<string, unknown>,
): AsyncIterableIterator<unknown> {
  let q = { ...query };
  for (;;) {
    const answer = await fetchPage(q);
    if (Array.isArray(answer)) {
      yield* answer;
      const limit = Number(q.limit ?? NaN);
      if (answer.length === 0 || (Number.isFinite(limit) && answer.length < limit)) return;
      q = { ...q, offset: Number(q.offset ?? 0) + answer.length };
      continue;
    }
    const page = pageOf(answer);
    if (!page) throw new Error("paginate: the answer is neither a list nor a page with `pagination`");
    yield* page.items;
    const p = page.pagination;
    if ("hasMore" in p || "offset" in p) {
      if (p.hasMore !== true || page.items.length === 0) return;
      q = { ...q, offset: Number(p.offset ?? q.offset ?? 0) + page.items.length };
    } else {
      const current = Number(p.page ?? q.page ?? 1);
      const more = "hasNextPage" in p ? p.hasNextPage === true : current < Number(p.totalPages ?? 0);
      if (!more || page.items.length === 0) return;
      q = { ...q, page: current + 1 };
    }
  }
}

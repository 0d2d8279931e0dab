// Helpers for the product and deal tests: a game with currencies and a linked player, products made
// through the API, multipart uploads, and a snapshot of the product tables (to assert "nothing changed").
import { getDb } from "../../lib/db/client.ts";
import type { RouteHandler } from "../../lib/http/route.ts";
import { POST as createProductRoute } from "../../app/api/v1/product/route.ts";
import { POST as createCurrencyRoute } from "../../app/api/v1/vc/currencies/route.ts";
import { call } from "./http.ts";
import { linkUser, makeCampaign, makeGame } from "./fixtures.ts";
import { idem } from "./vc.ts";

export { idem };

let n = 0;
/** A game with two currencies (GEMS, GOLD) and one linked player. */
export const makeShop = async () => {
  const g = await makeGame();
  const currency = async (code: string, name: string) => {
    const res = await call(createCurrencyRoute, { headers: idem(g.headers), body: { code: `${code}${++n}`, name } });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.currency as { _id: string; code: string; name: string };
  };
  const gems = await currency("GEMS", "Gems");
  const gold = await currency("GOLD", "Gold");
  const userRef = await linkUser(g.game.id);
  return { ...g, gems, gold, userRef };
};

/** A campaign key's headers: a valid key of the wrong kind for server routes. */
export const campaignHeaders = async () => (await makeCampaign()).headers;

/** Creates a product through POST /v1/product and returns its body. */
export const makeProduct = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
  const res = await call(createProductRoute, { headers: idem(headers), body: { name: `Sword ${++n}`, type: "purchase", price: 499, ...body } });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
};

/** Everything a product call can change, for "nothing changed" assertions. */
export const productSnapshot = async (gameId: string) => {
  const db = getDb();
  const products = await db.product.findMany({ where: { gameId }, orderBy: { id: "asc" } });
  const ids = products.map((p) => p.id);
  const prices = await db.productVcPrice.findMany({ where: { productId: { in: ids } }, orderBy: { id: "asc" } });
  const keys = await db.productKey.count({ where: { productId: { in: ids } } });
  const deals = await db.deal.findMany({ where: { gameId }, orderBy: { id: "asc" } });
  return { products, prices, keys, deals };
};

/** The smallest valid PNG (1×1, transparent). */
export const PNG_1X1 = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);

/** Sends a multipart/form-data body to a route handler, as Next.js would. */
export const callMultipart = async (
  handler: RouteHandler,
  {
    headers = {},
    params = {},
    parts,
  }: {
    headers?: Record<string, string>;
    params?: Record<string, string>;
    parts: [string, string | { bytes: Uint8Array<ArrayBuffer>; filename: string; type?: string }][];
  },
) => {
  let path = handler.definition.path;
  for (const [k, v] of Object.entries(params)) path = path.replace(`{${k}}`, encodeURIComponent(v));
  const form = new FormData();
  for (const [name, v] of parts) {
    if (typeof v === "string") form.append(name, v);
    else form.append(name, new Blob([v.bytes], { type: v.type ?? "application/octet-stream" }), v.filename);
  }
  const res = await handler(new Request(`http://localhost/api${path}`, { method: "POST", headers, body: form }), { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text, headers: res.headers };
};

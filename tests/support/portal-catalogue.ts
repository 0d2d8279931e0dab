// The developer portal's catalogue tests (lib/portal/portal-{products,deals,reviews}.test.ts): a shop with a
// member of each role and a stranger, the product form with its defaults, the audit log, and a refusal.
import { getDb } from "../../lib/db/client.ts";
import { createGame } from "../../lib/games/create-game.ts";
import type { ProductForm } from "../../lib/portal/product-form.ts";
import { makeBusiness } from "./platform.ts";
import { makePortalMembers } from "./portal.ts";
import { makeShop } from "./products.ts";

// read on each use: the test file's own database (tests/file-setup.ts), never one a module captured earlier
const db = () => getDb();
export { as } from "./portal.ts";

/** A shop (a test game with GEMS and GOLD and a linked player) with a member of each role; a stranger administers another business. */
export const catalogueTenant = async () => {
  const shop = await makeShop();
  const businessId = shop.business.id;
  const other = await makeBusiness("test");
  const otherGame = await createGame({ db: db() }, { businessId: other.id, environment: "test", name: "Their game" });
  const { owner, developer, finance, viewer, stranger } = await makePortalMembers(businessId, other.id);
  return { shop, businessId, other, otherGame, owner, developer, finance, viewer, stranger };
};

export const form = (over: Partial<ProductForm> = {}): ProductForm => ({
  name: "Crystal Sword",
  type: "purchase",
  fulfillmentType: "NONE",
  description: "Sharp.",
  baseGameRequirementText: "",
  price: "4.99",
  perUserLimit: "",
  imageUrl: "",
  metadata: "",
  isVisible: "on",
  isPriceVisible: "on",
  forSale: "on",
  grantCurrencyId: "",
  grantAmountUnits: "",
  keys: "",
  vcPrices: {},
  ...over,
});

export const auditOf = (businessId: string) =>
  db()
    .auditEntry.findMany({ where: { businessId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })
    .then((rows) =>
      rows.map((r) => ({ actorType: r.actorType, actorId: r.actorId, action: r.action, objectType: r.objectType, objectId: r.objectId, details: r.details })),
    );

export const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { code: string; status: number; message: string; details?: { field: string; message: string }[] };
  }
  throw new Error("expected a refusal");
};

// The product form's amounts: a price typed in a currency's units as its minor units, for a 2-decimal currency
// (USD: cents) and a 0-decimal one (a virtual currency: whole units); the bodies it makes; and a refusal in the
// form's words, each message on the form's own field.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { createBodyOf, minorUnitsOf, priceFieldOf, productFormRefusal, updateBodyOf, type ProductForm } from "./product-form";

const form = (over: Partial<ProductForm> = {}): ProductForm => ({
  name: "Sword",
  type: "purchase",
  fulfillmentType: "NONE",
  description: "",
  baseGameRequirementText: "",
  price: "",
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

describe("minorUnitsOf", () => {
  it("reads a 2-decimal currency (USD) as cents, exactly", () => {
    expect(minorUnitsOf("4.99", 2)).toBe(499);
    expect(minorUnitsOf("4.9", 2)).toBe(490);
    expect(minorUnitsOf("4.", 2)).toBe(400);
    expect(minorUnitsOf("4", 2)).toBe(400);
    expect(minorUnitsOf("0", 2)).toBe(0);
    expect(minorUnitsOf("0.29", 2)).toBe(29);
    expect(minorUnitsOf("1.10", 2)).toBe(110);
    expect(minorUnitsOf(" 1,000.05 ", 2)).toBe(100005);
  });
  it("reads a 0-decimal currency (a virtual currency) as whole units", () => {
    expect(minorUnitsOf("40", 0)).toBe(40);
    expect(minorUnitsOf("40.", 0)).toBe(40);
    expect(minorUnitsOf("2.5", 0)).toBeNull();
  });
  it("refuses what is not a plain non-negative amount with at most `decimals` decimals", () => {
    for (const bad of ["4.999", "-1", "abc", "", " ", "1e3", "4,99.1.2", "$4"]) expect(minorUnitsOf(bad, 2), bad).toBeNull();
  });
});

describe("the product bodies", () => {
  it("send the price in cents; an empty price is no USD price (create) or removes it (edit)", () => {
    expect(createBodyOf(form({ price: "4.99" })).price).toBe(499);
    expect(createBodyOf(form({ price: "" })).price).toBeUndefined();
    expect(updateBodyOf(form({ price: "12" })).price).toBe(1200);
    expect(updateBodyOf(form({ price: "" })).price).toBeNull();
    // unreadable: passed on as text, so the schema refuses the field
    expect(createBodyOf(form({ price: "4.999" })).price).toBe("4.999");
    expect(createBodyOf(form({ vcPrices: { gems: "40", gold: "" } })).virtualCurrencyPrices).toEqual([{ currencyId: "gems", amount: 40 }]);
  });
  it("shows a price in dollars in the edit form", () => {
    expect(priceFieldOf(499)).toBe("4.99");
    expect(priceFieldOf(0)).toBe("0.00");
    expect(priceFieldOf(120000)).toBe("1200.00");
    expect(priceFieldOf(null)).toBe("");
  });
});

describe("productFormRefusal", () => {
  it("puts each message on the form's field, the price's in dollars", () => {
    const err = new AppError("VALIDATION_ERROR", "Invalid body: …", {
      details: [
        { field: "price", message: "must be a whole number of US cents, e.g. 499 for $4.99" },
        { field: "virtualCurrencyPrices.1.amount", message: "must be an integer" },
        { field: "virtualCurrencyGrant.amountUnits", message: "must be a positive whole number" },
        { field: "keys.3", message: "is too long" },
        { field: "name", message: "must not be empty" },
      ],
    });
    const out = productFormRefusal(err, form({ vcPrices: { gems: "", gold: "5", ruby: "1.5" } })) as AppError;
    expect(out.message).toBe("Check the 5 fields marked below.");
    expect(out.details).toEqual([
      { field: "price", message: "Enter a USD price from 0 to 1,000,000, like 4.99 (at most 2 decimals)." },
      { field: "vc:ruby", message: "Enter a whole number of units above 0, like 40." },
      { field: "grantAmountUnits", message: "must be a positive whole number" },
      { field: "keys", message: "is too long" },
      { field: "name", message: "must not be empty" },
    ]);
  });
  it("leaves any other error as it is", () => {
    const gone = new AppError("GAME_NOT_FOUND", "Game not found.");
    expect(productFormRefusal(gone, form())).toBe(gone);
  });
});

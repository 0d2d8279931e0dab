import { describe, expect, it } from "vitest";
import en from "../../messages/en/platform.json" with { type: "json" };
import fr from "../../messages/fr/platform.json" with { type: "json" };
import { areaOf, groupScopes, SCOPE_AREAS, scopeMessageKey } from "./scope-areas.ts";
import { BUSINESS_SCOPES, MANAGEMENT_SCOPES } from "./scopes.ts";

describe("business scopes in plain words", () => {
  it("every business scope has an area and its words in English and French; every area has a title", () => {
    for (const scope of BUSINESS_SCOPES) {
      expect(areaOf(scope), scope).toBeDefined();
      expect((en.scopes as Record<string, string>)[scopeMessageKey(scope)], scope).toEqual(expect.any(String));
      expect((fr.scopes as Record<string, string>)[scopeMessageKey(scope)], scope).toEqual(expect.any(String));
    }
    for (const area of SCOPE_AREAS) expect([en.areas[area], fr.areas[area]]).toEqual([expect.any(String), expect.any(String)]);
    expect(Object.keys(en.scopes).sort()).toEqual(BUSINESS_SCOPES.map(scopeMessageKey).sort());
  });

  it("groups scopes by area in a fixed order, leaving out management and unknown scopes", () => {
    expect(groupScopes(["item:read", "gift:read", "campaign:read", "lookup:emails", "business:read", MANAGEMENT_SCOPES[0], "x:y"])).toEqual([
      { area: "campaigns", scopes: ["campaign:read"] },
      { area: "money", scopes: ["gift:read"] },
      { area: "players", scopes: ["lookup:emails"] },
      { area: "items", scopes: ["item:read"] },
      { area: "business", scopes: ["business:read"] },
    ]);
    expect(groupScopes([])).toEqual([]);
  });
});

// Every audit action the code writes reads as a sentence: the action names are read from the source (the
// `action: "…"` of each audit entry, ternaries included), so a new action without a sentence fails here, and
// every sentence is in every locale's catalog (messages/<locale>/portal-access.json).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales.ts";
import { getTranslator } from "../i18n/translator.ts";
import { AUDIT_SENTENCES, auditObjectLink, auditSentence, auditSentenceKey, hasAuditSentence } from "./audit-sentence.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** Dotted strings in those files that are not audit actions. */
const NOT_ACTIONS = new Set<string>([]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" || name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/**
 * The dotted names ("api_key.revoked") in the files that write audit entries: an `action:`, a ternary, a table
 * of names. What is not an action (a host, a Stripe event) is listed in NOT_ACTIONS.
 */
const writtenActions = () => {
  const names = new Set<string>();
  for (const file of [...sourceFiles(join(ROOT, "lib")), ...sourceFiles(join(ROOT, "app"))]) {
    const src = readFileSync(file, "utf8");
    if (!/recordAudit|recordOperatorAction|webhookAudit|audit: \(|audit: async|portalCommand\(|auditEntry\.create/.test(src)) continue;
    for (const line of src.split("\n")) {
      if (line.trim().startsWith("//") || line.trim().startsWith("*")) continue;
      for (const m of line.matchAll(/"([a-z_]+(?:\.[a-z_]+)+)"/g)) if (!NOT_ACTIONS.has(m[1]!)) names.add(m[1]!);
    }
  }
  return names;
};

describe("audit sentences", () => {
  it("has a sentence for every action name the code writes", () => {
    const written = writtenActions();
    // the reader found the actions (a broken reader would pass with nothing to check)
    for (const known of ["api_key.revoked", "webhook_endpoint.secret_revealed", "business.activation.rejected", "member.roles_changed"])
      expect(written).toContain(known);
    const missing = [...written].filter((a) => !hasAuditSentence(a));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)("has every sentence in the %s catalog", (locale) => {
    const t = getTranslator(locale, "portal-access");
    const missing = Object.keys(AUDIT_SENTENCES).filter((a) => !t.has(auditSentenceKey(a)));
    expect(missing).toEqual([]);
  });

  it("fills sentences from the entry's details, and still reads without them", () => {
    expect(auditSentence("api_key.revoked", { prefix: "sk_test_ab12", label: "backend" })).toBe("Revoked API key “backend” (sk_test_ab12…)");
    expect(auditSentence("api_key.revoked", null)).toBe("Revoked API key");
    expect(auditSentence("webhook_endpoint.secret_revealed", { gameId: "g1" })).toBe("Revealed the signing secret of a webhook endpoint");
    expect(auditSentence("member.roles_changed", { email: "ann@example.com", from: ["viewer"], to: ["developer", "finance"] })).toBe(
      "Changed the roles of “ann@example.com” to developer, finance",
    );
    expect(auditSentence("product.updated", { name: "Sword", fields: ["name", "price"] })).toBe("Changed the product “Sword”: name, price");
    expect(auditSentence("currency.rate_changed", { code: "GEM", from: "100", to: "250" })).toBe("Changed the rate of “GEM” from 100 to 250");
    expect(auditSentence("POST /v1/vc/credit", {})).toBe("Called POST /v1/vc/credit");
    // an action older than its sentence is humanized, never shown raw
    expect(auditSentence("thing.made_up", {})).toBe("Thing made up");
  });

  it("fills the French sentences from the same details", () => {
    expect(auditSentence("api_key.revoked", { prefix: "sk_test_ab12", label: "backend" }, "fr")).toBe(
      "Clé d’API «\u00a0backend\u00a0» (sk_test_ab12…) révoquée",
    );
    expect(auditSentence("api_key.revoked", null, "fr")).toBe("Clé d’API révoquée");
    expect(auditSentence("member.roles_changed", { email: "ann@example.com", to: ["developer", "finance"] }, "fr")).toBe(
      "Rôles modifiés pour «\u00a0ann@example.com\u00a0»\u00a0: developer, finance",
    );
    expect(auditSentence("member.removed", {}, "fr")).toBe("Accès à l’entreprise retiré à un membre");
    expect(auditSentence("currency.rate_changed", { code: "GEM", from: "100", to: "250" }, "fr")).toBe("Taux modifié pour «\u00a0GEM\u00a0» de 100 à 250");
    expect(auditSentence("POST /v1/vc/credit", {}, "fr")).toBe("Appel de POST /v1/vc/credit");
    expect(auditObjectLink({ objectType: "game", objectId: "g_1", details: {} }, "fr")).toEqual({ path: "/games/g_1", label: "Ouvrir le jeu" });
  });

  it.each(LOCALES)("each %s sentence is a sentence: capitalized, no raw action name or placeholder in it", (locale) => {
    for (const action of Object.keys(AUDIT_SENTENCES)) {
      const s = auditSentence(action, {}, locale);
      expect(s, action).toMatch(/^\p{Lu}/u);
      expect(s, action).not.toContain(action);
      expect(s, action).not.toContain("undefined");
      expect(s, action).not.toMatch(/[{}]|audit\./);
    }
  });

  it("links each object to its portal page", () => {
    expect(auditObjectLink({ objectType: "game", objectId: "g_1", details: {} })).toEqual({ path: "/games/g_1", label: "Open the game" });
    expect(auditObjectLink({ objectType: "api_key", objectId: "k_1", details: {} })?.path).toBe("/keys#key-k_1");
    expect(auditObjectLink({ objectType: "webhook_endpoint", objectId: "e_1", details: { gameId: "g_2" } })?.path).toBe("/webhooks?game=g_2");
    expect(auditObjectLink({ objectType: "webhook_endpoint", objectId: "e_1", details: { platformId: "p_1" } })?.path).toBe("/platforms/p_1/webhooks");
    expect(auditObjectLink({ objectType: "campaign", objectId: "c/1", details: {} })?.path).toBe("/campaigns/c%2F1");
    expect(auditObjectLink({ objectType: "purchase", objectId: "pu_1", details: {} })?.path).toBe("/timeline/pu_1");
    expect(auditObjectLink({ objectType: "thing", objectId: "x", details: {} })).toBeNull();
  });
});

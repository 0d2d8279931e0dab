// Every catalog of every namespace in messages/ is complete in every locale: the same keys, each message
// valid ICU with the same placeholders (name and kind, select options) as in English. A namespace file that
// exists on disk but is missing from the registry (messages/index.ts) fails too.
import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../lib/i18n/locales.ts";
import { MESSAGES, NAMESPACES, type Messages } from "./index.ts";

/** Every leaf of a catalog by its dot path. */
const leaves = (messages: Messages, prefix = ""): Map<string, unknown> => {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of leaves(value as Messages, at)) out.set(k, v);
    else out.set(at, value);
  }
  return out;
};

/** The placeholders of an ICU message as sorted "name:kind" strings (select options included; plural categories vary by language). */
const placeholders = (message: string): string[] => {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) found.add(`${el.value}:argument`);
      else if (el.type === TYPE.number) found.add(`${el.value}:number`);
      else if (el.type === TYPE.date || el.type === TYPE.time) found.add(`${el.value}:date`);
      else if (el.type === TYPE.tag) {
        found.add(`<${el.value}>:tag`);
        walk(el.children);
      } else if (el.type === TYPE.select) {
        found.add(`${el.value}:select(${Object.keys(el.options).sort().join("|")})`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.plural) {
        found.add(`${el.value}:plural`);
        for (const option of Object.values(el.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
};

/** What is wrong with `other` measured against the reference catalog `base` (empty: nothing). */
export const catalogProblems = (base: Messages, other: Messages, label: string): string[] => {
  const problems: string[] = [];
  const a = leaves(base);
  const b = leaves(other);
  for (const key of a.keys()) if (!b.has(key)) problems.push(`${label}: missing key ${key}`);
  for (const key of b.keys()) if (!a.has(key)) problems.push(`${label}: key ${key} is not in the reference catalog`);
  for (const [key, value] of b) {
    if (typeof value !== "string" || value.trim() === "") {
      problems.push(`${label}: ${key} is not a message`);
      continue;
    }
    let mine: string[];
    try {
      mine = placeholders(value);
    } catch (err) {
      problems.push(`${label}: ${key} is not valid ICU (${(err as Error).message})`);
      continue;
    }
    const ref = a.get(key);
    if (typeof ref !== "string") continue;
    let theirs: string[];
    try {
      theirs = placeholders(ref);
    } catch {
      continue; // reported when the reference itself is checked
    }
    if (mine.join(",") !== theirs.join(",")) problems.push(`${label}: ${key} has placeholders [${mine.join(", ")}], the reference [${theirs.join(", ")}]`);
  }
  return problems;
};

describe("the message catalogs", () => {
  it("register every namespace file of every locale, and nothing else", () => {
    for (const locale of LOCALES) {
      const files = fs
        .readdirSync(path.join(import.meta.dirname, locale))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.slice(0, -5))
        .sort();
      expect(files, `messages/${locale}`).toEqual([...NAMESPACES].sort());
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)("%s: every locale has the English keys, as valid ICU messages with the same placeholders", (namespace) => {
    const problems = LOCALES.flatMap((locale) => catalogProblems(MESSAGES.en[namespace], MESSAGES[locale][namespace], `${locale}/${namespace}`));
    expect(problems).toEqual([]);
  });

  it("the check itself catches a missing key, an extra key, a renamed, missing or retyped placeholder, a changed select and broken ICU", () => {
    const en = { a: { b: "Hello {name}", c: "{n, plural, one {# item} other {# items}}" }, d: "{kind, select, grant {G} other {O}}", e: "<b>x</b>" };
    expect(
      catalogProblems(
        en,
        {
          a: { b: "Bonjour {name}", c: "{n, plural, one {# article} many {# articles} other {# articles}}" },
          d: "{kind, select, grant {G} other {A}}",
          e: "<b>y</b>",
        },
        "ok",
      ),
    ).toEqual([]);
    expect(catalogProblems(en, { a: { c: "{n, plural, other {#}}" }, d: "{kind, select, grant {G} other {A}}", e: "<b>y</b>", z: "extra" }, "fr")).toEqual([
      "fr: missing key a.b",
      "fr: key z is not in the reference catalog",
    ]);
    expect(
      catalogProblems(en, { a: { b: "Bonjour {nom}", c: "{n, number}" }, d: "{kind, select, other {A}}", e: "y" }, "fr").map((p) => p.split(" has ")[0]),
    ).toEqual(["fr: a.b", "fr: a.c", "fr: d", "fr: e"]);
    expect(
      catalogProblems(en, { a: { b: "Bonjour {name", c: "{n, plural, other {#}}" }, d: "{kind, select, grant {G} other {A}}", e: "<b>y</b>" }, "fr"),
    ).toEqual([expect.stringMatching(/^fr: a\.b is not valid ICU/)]);
    expect(catalogProblems({ a: "x" }, { a: "" }, "fr")).toEqual(["fr: a is not a message"]);
  });
});

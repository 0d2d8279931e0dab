import { describe, expect, it, vi } from "vitest";

const header = vi.hoisted(() => ({ value: null as string | null }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(header.value === null ? {} : { "accept-language": header.value }) }));

const { getRequestLocale } = await import("./locale.ts");

describe("getRequestLocale", () => {
  it("follows the request's Accept-Language, English without one", async () => {
    header.value = "fr-FR,fr;q=0.9,en;q=0.5";
    expect(await getRequestLocale()).toBe("fr");
    header.value = "en;q=0.2,fr;q=0.1";
    expect(await getRequestLocale()).toBe("en");
    header.value = null;
    expect(await getRequestLocale()).toBe("en");
  });
  it("lets the session's or grant's locale override it when supported", async () => {
    header.value = "en-US";
    expect(await getRequestLocale("fr-CA")).toBe("fr");
    header.value = "fr";
    expect(await getRequestLocale("en")).toBe("en");
    expect(await getRequestLocale("pt-BR")).toBe("fr");
  });
});

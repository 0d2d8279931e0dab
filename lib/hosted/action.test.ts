import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, badRequest } from "../core/errors.ts";
import { formErrorOf, runHostedAction, textField } from "./action.ts";

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const Schema = z.object({ email: textField(10, "Email too long.", { slack: 2, trim: true }), note: textField(5, "Note too long.") });
const run = (fields: Record<string, string | Blob>, body: () => Promise<unknown>, extra: Partial<Parameters<typeof runHostedAction>[0]> = {}) =>
  runHostedAction({ schema: Schema, form: form(fields), signedIn: () => false, run: body, ...extra });

describe("runHostedAction", () => {
  it("reads each field capped by length (a missing one is empty), and hands the service the parsed input", async () => {
    const seen = vi.fn(async ({ input }: { input: unknown }) => input);
    expect(await run({ email: "  a@b.co  " }, () => Promise.resolve(), { run: seen })).toEqual({ ok: true, value: { email: "a@b.co", note: "" } });
  });

  it("refuses a field that is too long or not text, unread, on that field, renamed to the form's name", async () => {
    const service = vi.fn();
    expect(await run({ email: "x".repeat(13) }, service)).toEqual({
      ok: false,
      error: "Email too long.",
      field: "email",
      status: 400,
      fieldErrors: [{ field: "email", message: "Email too long." }],
      code: null,
    });
    expect(await run({ note: new Blob(["x"]) }, service, { fieldOf: (f) => `form-${f}` })).toEqual({
      ok: false,
      error: "Note too long.",
      field: "form-note",
      status: 400,
      fieldErrors: [{ field: "form-note", message: "Note too long." }],
      code: null,
    });
    expect(service).not.toHaveBeenCalled();
  });

  it("maps an AppError to its message and field; a 5xx keeps its message but names no field", async () => {
    const refused = () => Promise.reject(badRequest("VALIDATION_ERROR", "Bad number.", [{ field: "number", message: "invalid" }]));
    expect(await run({}, refused, { fieldOf: (f) => (f === "number" ? "cardNumber" : null) })).toEqual({
      ok: false,
      error: "Bad number.",
      field: "cardNumber",
      status: 400,
      fieldErrors: [{ field: "cardNumber", message: "invalid" }],
      code: "VALIDATION_ERROR",
    });
    const down = new AppError("PAYMENTS_NOT_CONFIGURED", "Not configured.", { details: [{ field: "x", message: "y" }] });
    expect(formErrorOf(down)).toEqual({ error: "Not configured.", field: null, status: 503, fieldErrors: [], code: "PAYMENTS_NOT_CONFIGURED" });
  });

  it("answers any other error with the generic message (logged), or lets it propagate without one", async () => {
    const bug = () => Promise.reject(new Error("boom"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run({}, bug, { unexpected: { log: "[test]", message: "Try again." } })).toEqual({
      ok: false,
      error: "Try again.",
      field: null,
      status: 500,
      fieldErrors: [],
      code: null,
    });
    expect(log).toHaveBeenCalledWith("[test]", expect.any(Error));
    log.mockRestore();
    await expect(run({}, bug)).rejects.toThrow("boom");
  });

  it("returns every field at fault at once, in the form's order (not the order the issues were found), and every AppError detail the form knows", async () => {
    const Three = z.object({ email: textField(3, "Email too long."), note: textField(3, "Note too long."), name: textField(3, "Name too long.") });
    const out = await runHostedAction({ schema: Three, form: form({ name: "xxxxx", email: "xxxxx" }), signedIn: () => false, run: vi.fn() });
    expect(out).toMatchObject({
      ok: false,
      error: "Email too long.",
      field: "email",
      fieldErrors: [
        { field: "email", message: "Email too long." },
        { field: "name", message: "Name too long." },
      ],
    });
    const err = badRequest("VALIDATION_ERROR", "Two fields.", [
      { field: "number", message: "bad number" },
      { field: "unknown", message: "dropped" },
      { field: "cvc", message: "bad cvc" },
    ]);
    expect(formErrorOf(err, (f) => ({ number: "cardNumber", cvc: "cardCvc" })[f] ?? null).fieldErrors).toEqual([
      { field: "cardNumber", message: "bad number" },
      { field: "cardCvc", message: "bad cvc" },
    ]);
  });
});

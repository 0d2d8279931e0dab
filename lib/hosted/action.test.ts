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
    expect(await run({ email: "x".repeat(13) }, service)).toEqual({ ok: false, error: "Email too long.", field: "email", status: 400 });
    expect(await run({ note: new Blob(["x"]) }, service, { fieldOf: (f) => `form-${f}` })).toEqual({
      ok: false,
      error: "Note too long.",
      field: "form-note",
      status: 400,
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
    });
    const down = new AppError("PAYMENTS_NOT_CONFIGURED", "Not configured.", { details: [{ field: "x", message: "y" }] });
    expect(formErrorOf(down)).toEqual({ error: "Not configured.", field: null, status: 503 });
  });

  it("answers any other error with the generic message (logged), or lets it propagate without one", async () => {
    const bug = () => Promise.reject(new Error("boom"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run({}, bug, { unexpected: { log: "[test]", message: "Try again." } })).toEqual({ ok: false, error: "Try again.", field: null, status: 500 });
    expect(log).toHaveBeenCalledWith("[test]", expect.any(Error));
    log.mockRestore();
    await expect(run({}, bug)).rejects.toThrow("boom");
  });
});

import { describe, expect, it, vi } from "vitest";
import { AppError } from "./errors.ts";
import { canTransition, guardedTransition, nextState, transitionConflict, type StateTable } from "./state-machine.ts";

type S = "draft" | "open" | "closed";
const TABLE: StateTable<"open" | "close" | "reopen", S> = {
  open: { from: ["draft"], to: "open" },
  close: { from: ["draft", "open"], to: "closed" },
  reopen: { from: ["closed"], to: "open" },
};
const refuse = (state: string | null) => new AppError("PRODUCT_STATE_CONFLICT", `The door is ${state}.`);

describe("canTransition / nextState", () => {
  it("allows exactly the table's source states, and refuses values outside the table", () => {
    expect((["draft", "open", "closed", "bogus"] as const).filter((s) => canTransition(TABLE, s, "close"))).toEqual(["draft", "open"]);
    expect(nextState(TABLE, "closed", "reopen", refuse)).toBe("open");
    expect(() => nextState(TABLE, "open", "open", refuse)).toThrow(
      expect.objectContaining({ code: "PRODUCT_STATE_CONFLICT", status: 409, message: "The door is open." }),
    );
  });

  it("transitionConflict names the state found and the states allowed", () => {
    const e = transitionConflict("INVITE_STATE_CONFLICT", "Door d1", "draft", TABLE.reopen);
    expect(e).toMatchObject({ code: "INVITE_STATE_CONFLICT", status: 409, message: "Door d1 is draft; only a closed one can be open." });
  });
});

describe("guardedTransition", () => {
  it("writes conditionally on the source states and returns the state reached", async () => {
    const write = vi.fn(async () => ({ count: 1 }));
    const current = vi.fn(async () => "closed");
    await expect(guardedTransition(TABLE, "close", { write, current, refuse })).resolves.toEqual({ to: "closed", row: undefined });
    expect(write).toHaveBeenCalledWith(["draft", "open"], "closed");
    expect(current).not.toHaveBeenCalled();
  });

  it("returns the first row when the write returns rows (updateManyAndReturn)", async () => {
    const row = { id: "d1", state: "open" };
    await expect(guardedTransition(TABLE, "open", { write: async () => [row], current: async () => "open", refuse })).resolves.toEqual({ to: "open", row });
  });

  it("a write that changed nothing (lost race, wrong state) re-reads the row and throws the refusal naming its state", async () => {
    const current = vi.fn(async () => "closed");
    await expect(guardedTransition(TABLE, "open", { write: async () => ({ count: 0 }), current, refuse })).rejects.toMatchObject({
      code: "PRODUCT_STATE_CONFLICT",
      message: "The door is closed.",
    });
    await expect(guardedTransition(TABLE, "open", { write: async () => [], current: async () => null, refuse })).rejects.toMatchObject({
      message: "The door is null.",
    });
    expect(current).toHaveBeenCalledOnce();
  });
});

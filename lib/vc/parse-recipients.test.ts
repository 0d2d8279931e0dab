import { describe, expect, it } from "vitest";
import { MAX_RECIPIENTS, Recipients } from "./parse-recipients";

const paths = (input: unknown) => {
  const r = Recipients.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("Recipients", () => {
  it("parses an array and JSON text of one to the same value, amounts as bigint", () => {
    const list = [
      { userRef: "u1", amountUnits: "5", description: "a" },
      { toPool: true, amountUnits: 7 },
    ];
    const expected = [
      { userRef: "u1", amountUnits: 5n, description: "a" },
      { toPool: true, amountUnits: 7n, description: "" },
    ];
    expect(Recipients.parse(list)).toEqual(expected);
    expect(Recipients.parse(JSON.stringify(list))).toEqual(expected);
  });
  it("needs exactly one of userRef and toPool: true", () => {
    expect(paths([{ amountUnits: "1" }])).toEqual(["0.userRef"]);
    expect(paths([{ userRef: "u", toPool: true, amountUnits: "1" }])).toEqual(["0.userRef"]);
    expect(paths([{ toPool: false, amountUnits: "1" }])).toEqual(["0.userRef"]);
    expect(paths([{ userRef: "u", toPool: false, amountUnits: "1" }])).toEqual([]);
  });
  it("names the bad amount of the right recipient", () => {
    expect(
      paths([
        { userRef: "u", amountUnits: "1" },
        { userRef: "v", amountUnits: "0" },
      ]),
    ).toEqual(["1.amountUnits"]);
    expect(paths(JSON.stringify([{ userRef: "u", amountUnits: "-3" }]))).toEqual(["0.amountUnits"]);
  });
  it("rejects text that is not JSON, JSON that is not an array, an empty list and too many", () => {
    expect(paths("[{")).toEqual([""]);
    expect(paths('{"userRef":"u"}')).toEqual([""]);
    expect(paths(42)).toEqual([""]);
    expect(paths([])).toEqual([""]);
    expect(paths(Array.from({ length: MAX_RECIPIENTS + 1 }, () => ({ toPool: true, amountUnits: "1" })))).toEqual([""]);
    expect(paths(Array.from({ length: MAX_RECIPIENTS }, () => ({ toPool: true, amountUnits: "1" })))).toEqual([]);
  });
});

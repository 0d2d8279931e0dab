// Request bodies refuse unknown fields (issue 29, contract item 2), as Stripe does: a typo in an optional
// field must answer 400 naming it, never be dropped. Declared body schemas stay plain `z.object(...)`; the
// kernel (route.ts) parses with, and documents, the strict copy made here.
import { z } from "zod";

type Def = Record<string, unknown> & { type: string };
const NEVER = z.never();

/** A copy of `s` with `def`, keeping its description and metadata (an `id` stays with the original). */
const copy = (s: z.ZodType, def: Def): z.ZodType => {
  const out = s.clone(def as unknown as typeof s._zod.def);
  const meta = z.globalRegistry.get(s);
  if (meta) {
    const { id: _id, ...rest } = meta;
    z.globalRegistry.add(out, rest);
  }
  return out;
};

/**
 * `schema` with every object inside it (nested ones, array items, union branches, optional and default wrappers,
 * pipes) strict: an unknown key is an `unrecognized_keys` issue. Objects with a declared catchall keep it, and
 * records (free-form `metadata`) take any key. Parts without an object inside are returned as they are.
 */
export const strictBody = <S extends z.ZodType>(schema: S): S => walk(schema, new Map()) as S;

const walk = (s: z.ZodType, seen: Map<z.ZodType, z.ZodType>): z.ZodType => {
  const done = seen.get(s);
  if (done) return done;
  seen.set(s, s); // a cycle (z.lazy) is left as is
  const def = s._zod.def as unknown as Def;
  const sub = (x: unknown) => walk(x as z.ZodType, seen);
  let out = s;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const next = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sub(v)]));
      const changed = Object.keys(shape).some((k) => next[k] !== shape[k]);
      if (def.catchall === undefined || changed) out = copy(s, { ...def, shape: next, catchall: def.catchall ?? NEVER });
      break;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch": {
      const inner = sub(def.innerType);
      if (inner !== def.innerType) out = copy(s, { ...def, innerType: inner });
      break;
    }
    case "array": {
      const element = sub(def.element);
      if (element !== def.element) out = copy(s, { ...def, element });
      break;
    }
    case "record": {
      const valueType = sub(def.valueType);
      if (valueType !== def.valueType) out = copy(s, { ...def, valueType });
      break;
    }
    case "pipe": {
      const [a, b] = [sub(def.in), sub(def.out)];
      if (a !== def.in || b !== def.out) out = copy(s, { ...def, in: a, out: b });
      break;
    }
    case "union": {
      const options = def.options as z.ZodType[];
      const next = options.map(sub);
      if (next.some((o, i) => o !== options[i])) out = copy(s, { ...def, options: next });
      break;
    }
    case "tuple": {
      const items = def.items as z.ZodType[];
      const next = items.map(sub);
      const rest = def.rest ? sub(def.rest) : def.rest;
      if (rest !== def.rest || next.some((o, i) => o !== items[i])) out = copy(s, { ...def, items: next, rest });
      break;
    }
  }
  seen.set(s, out);
  return out;
};

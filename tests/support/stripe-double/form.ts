// Stripe's request bodies are application/x-www-form-urlencoded with bracketed keys (the SDK's encoding):
// `line_items[0][price_data][unit_amount]=500&metadata[kind]=purchase&expand[0]=payment_intent`. This turns them
// back into nested objects; an object whose keys are all 0..n-1 becomes an array.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const arrayify = (v: FormValue): FormValue => {
  if (typeof v === "string" || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  const fixed: { [key: string]: FormValue } = Object.fromEntries(keys.map((k) => [k, arrayify(v[k])]));
  const isArray = keys.length > 0 && keys.every((k, i) => k === String(i));
  return isArray ? keys.map((k) => fixed[k]) : fixed;
};

/** Decodes a Stripe form body (or a query string) into nested objects. */
export const decodeStripeForm = (raw: string): { [key: string]: FormValue } => {
  const root: { [key: string]: FormValue } = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      node[part] = typeof next === "object" && !Array.isArray(next) ? next : {};
      node = node[part] as { [key: string]: FormValue };
    });
  }
  return arrayify(root) as { [key: string]: FormValue };
};

/** A string field of a decoded form, or undefined. */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === "string" ? v : undefined);

/** A string map field (metadata) of a decoded form; Stripe drops keys set to "". */
export const strMap = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""))
    : {};

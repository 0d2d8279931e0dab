/** The scopes a form sends (checkboxes: one value each, or one comma or space separated text) as a list. */
export const scopeListOf = (raw: string | string[]): string[] =>
  (Array.isArray(raw) ? raw : raw.split(/[\s,]+/)).map((s) => s.trim()).filter((s) => s.length > 0);

/** The event filter as a form sends it ("Purchases.Completed, Purchases.Failed" or one per line) as a list; empty: every event. */
export const eventTypesOf = (raw: string | string[]): string[] =>
  (Array.isArray(raw) ? raw : raw.split(/[\s,]+/)).map((s) => s.trim()).filter((s) => s.length > 0);

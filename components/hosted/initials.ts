/** Up to two capital initials of a name, for a monogram when there is no image ("Test Game" → "TG"). */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

// The checkout theme's colour fields in the order the editor shows them, grouped as the page paints them. A plain
// module (not "use client"), so the server page that translates the groups' and fields' names reads the same list
// the client editor draws (a "use client" module's exports are client references on the server).
import type { ThemeField } from "@/lib/checkout/schemas";

export type ColourField = Exclude<ThemeField, "logoUrl">;
export type ThemeGroup = "page" | "buttons" | "text";

export const THEME_GROUPS: { key: ThemeGroup; fields: ColourField[] }[] = [
  { key: "page", fields: ["pageBackgroundColor", "backgroundColor", "borderColor"] },
  {
    key: "buttons",
    fields: ["primaryButtonColor", "primaryButtonFontColor", "secondaryButtonColor", "secondaryButtonFontColor", "notifyButtonColor"],
  },
  { key: "text", fields: ["primaryFontColor", "contentTextColor", "contentLabelColor", "lineItemsFontColor", "priceOverrideColor"] },
];

import type { ScopeGroup } from "@/lib/platform/scope-areas";
import { scopeMessageKey } from "@/lib/platform/scope-areas";
import type { ScopeAreaView } from "./scope-list";

export type Translate = (key: string, values?: Record<string, string | number | Date>) => string;

/** Scope groups in the reader's words (namespace "platform": areas.<area>, scopes.<key>). */
export const areaViews = (groups: ScopeGroup[], t: Translate): ScopeAreaView[] =>
  groups.map((g) => ({ area: g.area, title: t(`areas.${g.area}`), items: g.scopes.map((s) => t(`scopes.${scopeMessageKey(s)}`)) }));

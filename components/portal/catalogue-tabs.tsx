// The catalogue's two pages, products and deals, as tabs (links; the current one is marked for assistive tech).
import type { Environment } from "@/lib/core/environment";
import { focusRing } from "@/components/ui/classes";
import { envHref } from "./env-href";

export const CatalogueTabs = ({ businessId, environment, current }: { businessId: string; environment: Environment; current: "products" | "deals" }) => {
  const base = `/portal/${encodeURIComponent(businessId)}/catalogue`;
  const tab = (key: "products" | "deals", label: string, path: string) => (
    <a
      href={envHref(path, environment)}
      aria-current={current === key ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ${focusRing} ${current === key ? "bg-slate-900 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-100"}`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Catalogue" className="flex gap-2">
      {tab("products", "Products", base)}
      {tab("deals", "Deals", `${base}/deals`)}
    </nav>
  );
};

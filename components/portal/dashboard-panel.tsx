// The Overview's dashboard: one environment's last 30 days in six charts (revenue, purchases, virtual
// currency issued and spent, campaign payouts, webhook success rate, API error rate), each with its numbers
// in a table, drawn on the server as SVG (chart-canvas.tsx) in the reader's language. Money stays in its own
// currency: USD and USDC are two series, never one sum.
import { Card } from "@/components/ui/card";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import type { PortalDashboard } from "@/lib/portal/load-portal-dashboard";
import { ChartFigure, type ChartFigureProps } from "./chart-figure";
import { formatValue, percentOf, toMajor, type ChartFormat } from "./dashboard-format";

const COLOR = {
  usd: "#0f766e", // teal-700
  usdc: "#4f46e5", // indigo-600
  count: "#334155", // slate-700
  issued: "#059669", // emerald-600
  spent: "#c2410c", // orange-700
  payout: "#7c3aed", // violet-600
  success: "#047857", // emerald-700
  error: "#dc2626", // red-600
} as const;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The chart figures of a dashboard, in page order, in `locale`'s words and numbers. */
export const dashboardCharts = (d: PortalDashboard, locale: Locale = DEFAULT_LOCALE): ChartFigureProps[] => {
  const t = getTranslator(locale, "portal");
  const n = d.days.length;
  const days = n;
  const fmt = (value: number | null, format: ChartFormat) => formatValue(value, format, locale);
  const rateHeadline = (part: number, whole: number, key: "webhooks" | "api") =>
    t("dashboard.rate", {
      percent: fmt(percentOf(part, whole), "percent"),
      what: t(`dashboard.${key}.what`),
      part: fmt(part, "count"),
      whole: fmt(whole, "count"),
      of: t(`dashboard.${key}.of`),
    });
  const base = { days: d.days };
  const revenue = d.revenue.map((r) => ({
    key: r.currency,
    label: r.currency,
    color: r.currency === "USD" ? COLOR.usd : COLOR.usdc,
    format: r.currency === "USD" ? ("usd" as const) : ("usdc" as const),
    values: r.amounts.map((a) => toMajor(a, r.exponent)),
  }));
  const revenueTotals = revenue.map((s) => fmt(sum(s.values), s.format));
  const charts: ChartFigureProps[] = [
    {
      ...base,
      id: "revenue",
      title: t("dashboard.revenue.title"),
      description: t("dashboard.revenue.description", { days }),
      headline: t("dashboard.inDays", { what: new Intl.ListFormat(locale, { type: "conjunction" }).format(revenueTotals), days }),
      kind: "bar",
      // one axis: USD alone is in dollars; beside USDC (a dollar stablecoin) the axis shows plain amounts
      format: revenue.length === 1 ? "usd" : "usdc",
      series: revenue,
      empty: t("dashboard.revenue.empty", { days }),
      totals: revenueTotals,
    },
    {
      ...base,
      id: "purchases",
      title: t("dashboard.purchases.title"),
      description: t("dashboard.purchases.description", { days }),
      headline: t("dashboard.purchases.headline", { count: fmt(sum(d.purchases), "count"), days }),
      kind: "bar",
      format: "count",
      series: [{ key: "purchases", label: t("dashboard.purchases.series"), color: COLOR.count, values: d.purchases }],
      empty: t("dashboard.purchases.empty", { days }),
      totals: [fmt(sum(d.purchases), "count")],
    },
  ];
  const currencies = d.vc.length > 0 ? d.vc : [{ currencyId: "none", code: "", name: "", issued: d.purchases.map(() => 0), spent: d.purchases.map(() => 0) }];
  for (const c of currencies) {
    charts.push({
      ...base,
      id: c.code ? `vc-${c.code.toLowerCase()}` : "vc",
      title: c.code ? t("dashboard.vc.titleOf", { code: c.code }) : t("dashboard.vc.title"),
      description: t("dashboard.vc.description", { name: c.name || t("dashboard.vc.someCurrency"), days }),
      headline: t("dashboard.vc.headline", { issued: fmt(sum(c.issued), "count"), spent: fmt(sum(c.spent), "count"), days }),
      kind: "bar",
      format: "count",
      series: [
        { key: "issued", label: t("dashboard.vc.issued"), color: COLOR.issued, values: c.issued },
        { key: "spent", label: t("dashboard.vc.spent"), color: COLOR.spent, values: c.spent, down: true },
      ],
      empty: c.code ? t("dashboard.vc.emptyOf", { code: c.code, days }) : t("dashboard.vc.empty"),
      totals: [fmt(sum(c.issued), "count"), fmt(sum(c.spent), "count")],
    });
  }
  const payouts = d.payouts.map((m) => toMajor(m, 6));
  charts.push(
    {
      ...base,
      id: "payouts",
      title: t("dashboard.payouts.title"),
      description: t("dashboard.payouts.description", { days }),
      headline: t("dashboard.payouts.headline", { amount: fmt(sum(payouts), "usdc"), days }),
      kind: "bar",
      format: "usdc",
      series: [{ key: "payouts", label: "USDC", color: COLOR.payout, values: payouts }],
      empty: t("dashboard.payouts.empty", { days }),
      totals: [fmt(sum(payouts), "usdc")],
    },
    {
      ...base,
      id: "webhooks",
      title: t("dashboard.webhooks.title"),
      description: t("dashboard.webhooks.description", { days }),
      headline: rateHeadline(sum(d.webhooks.succeeded), sum(d.webhooks.attempts), "webhooks"),
      kind: "line",
      format: "percent",
      series: [
        {
          key: "rate",
          label: t("dashboard.webhooks.series"),
          color: COLOR.success,
          values: d.webhooks.attempts.map((a, i) => percentOf(d.webhooks.succeeded[i], a)),
        },
      ],
      empty: t("dashboard.webhooks.empty", { days }),
    },
    {
      ...base,
      id: "api",
      title: t("dashboard.api.title"),
      description: t("dashboard.api.description", { days }),
      headline: rateHeadline(sum(d.api.errors), sum(d.api.requests), "api"),
      kind: "line",
      format: "percent",
      series: [{ key: "rate", label: t("dashboard.api.series"), color: COLOR.error, values: d.api.requests.map((r, i) => percentOf(d.api.errors[i], r)) }],
      empty: t("dashboard.api.empty", { days }),
    },
  );
  return charts;
};

export const DashboardPanel = ({ dashboard, locale = DEFAULT_LOCALE }: { dashboard: PortalDashboard; locale?: Locale }) => {
  const t = getTranslator(locale, "portal");
  return (
    <Card labelledBy="dashboard-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-title" className="text-lg font-semibold text-slate-900">
          {t("dashboard.title", { days: dashboard.days.length })}
        </h2>
        <p className="text-sm text-slate-700">{t("dashboard.data", { environment: dashboard.environment })}</p>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {dashboardCharts(dashboard, locale).map((c) => (
          <ChartFigure key={c.id} {...c} locale={locale} />
        ))}
      </div>
    </Card>
  );
};

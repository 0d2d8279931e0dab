// The Overview's dashboard: one environment's last 30 days in six charts (revenue, purchases, virtual
// currency issued and spent, campaign payouts, webhook success rate, API error rate), each with its numbers
// in a table. Money stays in its own currency: USD and USDC are two series, never one sum.
import type { PortalDashboard } from "@/lib/portal/load-portal-dashboard";
import { Card } from "@/components/ui/card";
import { ChartFigure, type ChartFigureProps } from "./chart-figure";
import { formatValue, percentOf, toMajor } from "./dashboard-format";

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
const rateHeadline = (part: number, whole: number, what: string, of: string) =>
  `${formatValue(percentOf(part, whole), "percent")} ${what} (${formatValue(part, "count")} of ${formatValue(whole, "count")} ${of})`;

/** The chart figures of a dashboard, in page order. */
export const dashboardCharts = (d: PortalDashboard): ChartFigureProps[] => {
  const n = d.days.length;
  const base = { days: d.days };
  const revenue = d.revenue.map((r) => ({
    key: r.currency,
    label: r.currency,
    color: r.currency === "USD" ? COLOR.usd : COLOR.usdc,
    format: r.currency === "USD" ? ("usd" as const) : ("usdc" as const),
    values: r.amounts.map((a) => toMajor(a, r.exponent)),
  }));
  const revenueTotals = revenue.map((s) => formatValue(sum(s.values), s.format));
  const charts: ChartFigureProps[] = [
    {
      ...base,
      id: "revenue",
      title: "Revenue by day",
      description: `Completed card and wallet purchases per day over the last ${n} days, one stacked bar a day with a part per currency.`,
      headline: `${revenueTotals.join(" and ")} in ${n} days`,
      kind: "bar",
      // one axis: USD alone is in dollars; beside USDC (a dollar stablecoin) the axis shows plain amounts
      format: revenue.length === 1 ? "usd" : "usdc",
      series: revenue,
      empty: `No real-money purchases in the last ${n} days.`,
      totals: revenueTotals,
    },
    {
      ...base,
      id: "purchases",
      title: "Purchases",
      description: `Completed purchases per day over the last ${n} days, every payment method.`,
      headline: `${formatValue(sum(d.purchases), "count")} completed in ${n} days`,
      kind: "bar",
      format: "count",
      series: [{ key: "purchases", label: "Purchases", color: COLOR.count, values: d.purchases }],
      empty: `No purchases in the last ${n} days.`,
      totals: [formatValue(sum(d.purchases), "count")],
    },
  ];
  const currencies = d.vc.length > 0 ? d.vc : [{ currencyId: "none", code: "", name: "", issued: d.purchases.map(() => 0), spent: d.purchases.map(() => 0) }];
  for (const c of currencies) {
    const label = c.code ? ` (${c.code})` : "";
    charts.push({
      ...base,
      id: c.code ? `vc-${c.code.toLowerCase()}` : "vc",
      title: `Virtual currency issued and spent${label}`,
      description: `Units of ${c.name || "virtual currency"} issued from the pool (above the axis) and spent back into it (below) per day over the last ${n} days.`,
      headline: `${formatValue(sum(c.issued), "count")} issued, ${formatValue(sum(c.spent), "count")} spent in ${n} days`,
      kind: "bar",
      format: "count",
      series: [
        { key: "issued", label: "Issued", color: COLOR.issued, values: c.issued },
        { key: "spent", label: "Spent", color: COLOR.spent, values: c.spent, down: true },
      ],
      empty: c.code ? `No ${c.code} issued or spent in the last ${n} days.` : "No virtual currency yet.",
      totals: [formatValue(sum(c.issued), "count"), formatValue(sum(c.spent), "count")],
    });
  }
  const payouts = d.payouts.map((m) => toMajor(m, 6));
  charts.push(
    {
      ...base,
      id: "payouts",
      title: "Campaign payouts",
      description: `USDC paid out by the business's campaigns per day over the last ${n} days.`,
      headline: `${formatValue(sum(payouts), "usdc")} paid in ${n} days`,
      kind: "bar",
      format: "usdc",
      series: [{ key: "payouts", label: "USDC", color: COLOR.payout, values: payouts }],
      empty: `No campaign payouts in the last ${n} days.`,
      totals: [formatValue(sum(payouts), "usdc")],
    },
    {
      ...base,
      id: "webhooks",
      title: "Webhook success rate",
      description: `The share of webhook delivery attempts answered with a 2xx status, per day over the last ${n} days.`,
      headline: rateHeadline(sum(d.webhooks.succeeded), sum(d.webhooks.attempts), "succeeded", "attempts"),
      kind: "line",
      format: "percent",
      series: [{ key: "rate", label: "Succeeded", color: COLOR.success, values: d.webhooks.attempts.map((a, i) => percentOf(d.webhooks.succeeded[i], a)) }],
      empty: `No webhook delivery attempts in the last ${n} days.`,
    },
    {
      ...base,
      id: "api",
      title: "API error rate",
      description: `The share of /v1 requests answered with a status of 400 or more, per day over the last ${n} days.`,
      headline: rateHeadline(sum(d.api.errors), sum(d.api.requests), "errors", "requests"),
      kind: "line",
      format: "percent",
      series: [{ key: "rate", label: "Errors", color: COLOR.error, values: d.api.requests.map((r, i) => percentOf(d.api.errors[i], r)) }],
      empty: `No API requests in the last ${n} days.`,
    },
  );
  return charts;
};

export const DashboardPanel = ({ dashboard }: { dashboard: PortalDashboard }) => (
  <Card labelledBy="dashboard-title">
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="dashboard-title" className="text-lg font-semibold text-slate-900">
        Last {dashboard.days.length} days
      </h2>
      <p className="text-sm text-slate-700">{dashboard.environment === "test" ? "Test data" : "Live data"}, by UTC day</p>
    </div>
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      {dashboardCharts(dashboard).map((c) => (
        <ChartFigure key={c.id} {...c} />
      ))}
    </div>
  </Card>
);

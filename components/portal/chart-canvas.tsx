"use client";
// One dashboard chart, drawn in the browser with Recharts (SVG): bars for amounts and counts, a line for
// rates. The SVG is a picture with a name (role img, <title>, <desc>); its numbers are in the table beside it
// (chart-figure.tsx), so the chart takes no keyboard focus of its own (accessibilityLayer off).
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay, formatTick, formatValue, type ChartFormat } from "./dashboard-format";

/**
 * `format`: this series' own, when it differs from the chart's (USD beside USDC). `down`: drawn below the
 * axis (units spent beside units issued); the tooltip and the axis still say the amount, not its sign.
 */
export type ChartSeries = { key: string; label: string; color: string; values: (number | null)[]; format?: ChartFormat; down?: boolean };

type Props = {
  /** the accessible name of the SVG */
  title: string;
  /** a one-line description of what it shows (the SVG's <desc>) */
  description: string;
  kind: "bar" | "line";
  format: ChartFormat;
  days: string[];
  series: ChartSeries[];
};

const AXIS = { fontSize: 12, fill: "#475569" } as const;

export const ChartCanvas = ({ title, description, kind, format, days, series }: Props) => {
  const data = days.map((day, i) => ({
    day,
    ...Object.fromEntries(series.map((s) => [s.key, s.down && s.values[i] !== null ? -s.values[i] : s.values[i]])),
  }));
  // several bar series share one column a day: stacked (revenue by currency) or diverging (issued up, spent down)
  const stacked = kind === "bar" && series.length > 1;
  const common = {
    data,
    responsive: true,
    style: { width: "100%", height: 208 },
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    accessibilityLayer: false,
    role: "img",
    title,
    desc: description,
  };
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis
        dataKey="day"
        tickFormatter={formatDay}
        tick={AXIS}
        tickLine={false}
        axisLine={{ stroke: "#cbd5e1" }}
        minTickGap={24}
        interval="preserveStartEnd"
      />
      <YAxis
        tickFormatter={(v: number) => formatTick(Math.abs(v), format)}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={format === "usd" ? 52 : 44}
        allowDecimals={format !== "count"}
        domain={format === "percent" ? [0, 100] : series.some((s) => s.down) ? ["auto", "auto"] : [0, "auto"]}
      />
      <Tooltip
        labelFormatter={(day) => formatDay(String(day))}
        formatter={(v, _name, item) => formatValue(typeof v === "number" ? Math.abs(v) : null, series.find((s) => s.key === item.dataKey)?.format ?? format)}
        contentStyle={{ borderRadius: 8, borderColor: "#cbd5e1", fontSize: 13 }}
      />
      {series.length > 1 ? (
        // the labels in slate (4.5:1 on white); the square beside each carries the series' colour
        <Legend iconType="square" wrapperStyle={{ fontSize: 13 }} formatter={(label) => <span style={{ color: "#334155" }}>{label}</span>} />
      ) : null}
    </>
  );
  return kind === "bar" ? (
    <BarChart {...common} barCategoryGap="18%" stackOffset={series.some((s) => s.down) ? "sign" : "none"}>
      {axes}
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.color}
          stackId={stacked ? "day" : undefined}
          radius={stacked ? 0 : [3, 3, 0, 0]}
          maxBarSize={18}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  ) : (
    <LineChart {...common}>
      {axes}
      {series.map((s) => (
        <Line
          key={s.key}
          dataKey={s.key}
          name={s.label}
          stroke={s.color}
          strokeWidth={2}
          dot={{ r: 2.5, fill: s.color }}
          connectNulls={false}
          type="monotone"
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
};

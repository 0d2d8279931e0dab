// One dashboard chart, drawn on the server as SVG: no chart library and no JavaScript in the browser. Bars for
// amounts and counts (several series stack: revenue by currency; or diverge: units issued above the axis,
// spent below), a line with a dot a day for rates. The plot stretches to its box (preserveAspectRatio none,
// strokes that do not scale) and the axis labels are HTML beside it, so the text stays readable at any
// width. The SVG is a picture with a name (role img, <title>, <desc>); each day's column carries a <title>
// (the browser's own tooltip on hover: the day and its values); every number is also in the table under it
// (chart-figure.tsx). A chart of several series names them under it (a legend).
import type { Locale } from "@/lib/i18n/locales";
import { formatDay, formatTick, formatValue, type ChartFormat } from "./dashboard-format";

/**
 * `format`: this series' own, when it differs from the chart's (USD beside USDC). `down`: drawn below the
 * axis (units spent beside units issued); the tooltip and the axis still say the amount, not its sign.
 */
export type ChartSeries = { key: string; label: string; color: string; values: (number | null)[]; format?: ChartFormat; down?: boolean };

type Props = {
  id: string;
  /** the accessible name of the SVG */
  title: string;
  /** a one-line description of what it shows (the SVG's <desc>) */
  description: string;
  kind: "bar" | "line";
  format: ChartFormat;
  days: string[];
  series: ChartSeries[];
  locale: Locale;
};

/** Plot coordinates: each day is COLUMN units wide, the value range HEIGHT units tall (the SVG stretches them). */
const COLUMN = 10;
const HEIGHT = 100;
const TICKS = 4;

/** A "nice" step (1, 2, 2.5 or 5 × 10^k) so that TICKS steps cover `span`. */
export const niceStep = (span: number): number => {
  if (!(span > 0)) return 1;
  const raw = span / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw - 1e-12)! * power;
  return step;
};

/** The value range of the axis: [min, max] on whole steps, with its tick values. */
export const chartDomain = (kind: "bar" | "line", format: ChartFormat, days: number, series: ChartSeries[]) => {
  if (format === "percent") return { min: 0, max: 100, ticks: [0, 25, 50, 75, 100] };
  let top = 0;
  let bottom = 0;
  for (let i = 0; i < days; i++) {
    let up = 0;
    let down = 0;
    for (const s of series) {
      const v = Math.abs(s.values[i] ?? 0);
      if (kind === "bar" && series.length > 1) {
        if (s.down) down += v;
        else up += v;
      } else if (s.down) down = Math.max(down, v);
      else up = Math.max(up, v);
    }
    top = Math.max(top, up);
    bottom = Math.max(bottom, down);
  }
  const step = niceStep(top + bottom);
  const max = Math.ceil(top / step) * step || step;
  const min = bottom > 0 ? -Math.ceil(bottom / step) * step : 0;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Math.round(v * 1e9) / 1e9);
  return { min, max, ticks };
};

const AXIS_TEXT = "text-xs text-slate-600 tabular-nums";

export const ChartCanvas = ({ id, title, description, kind, format, days, series, locale }: Props) => {
  const n = days.length;
  const { min, max, ticks } = chartDomain(kind, format, n, series);
  const y = (v: number) => ((max - v) / (max - min)) * HEIGHT;
  const width = n * COLUMN;
  const stacked = kind === "bar" && series.length > 1;
  const barWidth = COLUMN * 0.64;
  const labelDays = n > 0 ? [...new Set([0, Math.floor((n - 1) / 2), n - 1])] : [];
  const bars: { key: string; x: number; top: number; height: number; color: string }[] = [];
  if (kind === "bar")
    for (let i = 0; i < n; i++) {
      let up = 0;
      let down = 0;
      for (const s of series) {
        const v = Math.abs(s.values[i] ?? 0);
        if (v === 0) continue;
        const x = i * COLUMN + (COLUMN - barWidth) / 2;
        if (s.down) {
          const from = stacked ? down : 0;
          bars.push({ key: `${s.key}-${i}`, x, top: y(-from), height: y(-(from + v)) - y(-from), color: s.color });
          down = from + v;
        } else {
          const from = stacked ? up : 0;
          bars.push({ key: `${s.key}-${i}`, x, top: y(from + v), height: y(from) - y(from + v), color: s.color });
          up = from + v;
        }
      }
    }
  const tip = (i: number) =>
    `${formatDay(days[i]!, locale)}: ${series.map((s) => `${series.length > 1 ? `${s.label} ` : ""}${formatValue(s.values[i] ?? null, s.format ?? format, locale)}`).join(", ")}`;
  return (
    <div>
      <div className="flex h-52 gap-1" data-chart={kind}>
        {/* the value axis: HTML labels at the heights of the grid lines */}
        <div aria-hidden="true" className={`relative shrink-0 ${format === "usd" ? "w-14" : "w-11"}`}>
          {ticks.map((t) => (
            <span key={t} className={`absolute right-1 -translate-y-1/2 ${AXIS_TEXT}`} style={{ top: `${(y(t) / HEIGHT) * 100 * 0.88}%` }}>
              {formatTick(Math.abs(t), format, locale)}
            </span>
          ))}
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <svg
            role="img"
            aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-[88%] w-full overflow-visible"
            data-testid={`svg-${id}`}
          >
            <title id={`${id}-svg-title`}>{title}</title>
            <desc id={`${id}-svg-desc`}>{description}</desc>
            {ticks.map((t) => (
              <line key={t} x1={0} x2={width} y1={y(t)} y2={y(t)} stroke={t === 0 ? "#94a3b8" : "#e2e8f0"} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {kind === "bar"
              ? bars.map((b) => <rect key={b.key} className="chart-mark" x={b.x} y={b.top} width={barWidth} height={Math.max(b.height, 0)} fill={b.color} />)
              : series.map((s) => {
                  const points = s.values.map((v, i) => (v === null ? null : ([i * COLUMN + COLUMN / 2, y(v)] as const)));
                  // a gap where a day has no value (no requests, no attempts): the line breaks, it does not invent one
                  const d = points.reduce((acc, p, i) => (p ? `${acc}${i > 0 && points[i - 1] ? "L" : "M"}${p[0]} ${p[1].toFixed(2)}` : acc), "");
                  return (
                    <g key={s.key}>
                      <path d={d} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
                      {points.map((p, i) =>
                        p ? (
                          // a dot that stays round however the plot stretches: a zero-length stroke with round caps
                          <path
                            key={i}
                            className="chart-mark"
                            d={`M${p[0]} ${p[1].toFixed(2)}h0`}
                            stroke={s.color}
                            strokeWidth={5}
                            strokeLinecap="round"
                            vectorEffect="non-scaling-stroke"
                          />
                        ) : null,
                      )}
                    </g>
                  );
                })}
            {days.map((day, i) => (
              <rect key={day} x={i * COLUMN} y={0} width={COLUMN} height={HEIGHT} fill="transparent">
                <title>{tip(i)}</title>
              </rect>
            ))}
          </svg>
          {/* the day axis: the first, middle and last days */}
          <div aria-hidden="true" className="relative h-[12%]">
            {labelDays.map((i) => (
              <span
                key={i}
                className={`absolute top-1 whitespace-nowrap ${AXIS_TEXT} ${i === 0 ? "" : i === n - 1 ? "-translate-x-full" : "-translate-x-1/2"}`}
                style={{ left: i === 0 ? 0 : i === n - 1 ? "100%" : `${((i + 0.5) / n) * 100}%` }}
              >
                {formatDay(days[i]!, locale)}
              </span>
            ))}
          </div>
        </div>
      </div>
      {series.length > 1 ? (
        // which colour is which series (the names in slate, 4.5:1 on white; the square carries the colour)
        <ul className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-700" data-testid={`legend-${id}`}>
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

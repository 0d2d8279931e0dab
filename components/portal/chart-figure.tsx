// One chart of the dashboard as a figure: its heading, a headline figure, the chart (chart-canvas.tsx, SVG
// drawn on the server) and its text alternative, the numbers of every day in a table under "Show the numbers",
// all in the reader's language. With nothing to show in the window, an empty state replaces the chart and the table.
import { Table, Td, Th } from "@/components/ui/table";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { ChartCanvas, type ChartSeries } from "./chart-canvas";
import { formatDay, formatValue, type ChartFormat } from "./dashboard-format";

export type ChartFigureProps = {
  id: string;
  title: string;
  /** what the chart shows, in one sentence (also the SVG's description) */
  description: string;
  /** the headline under the title, e.g. "$1,234.56 in 30 days" */
  headline: string;
  kind: "bar" | "line";
  format: ChartFormat;
  days: string[];
  series: ChartSeries[];
  /** shown instead of the chart when every value is zero or missing */
  empty: string;
  /** the table's last row, one cell a series (e.g. the totals); omitted for rates */
  totals?: string[];
};

export const ChartFigure = ({ id, title, description, headline, kind, format, days, series, empty, totals, locale }: ChartFigureProps & { locale: Locale }) => {
  const t = getTranslator(locale, "portal");
  const hasData = series.some((s) => s.values.some((v) => v !== null && v !== 0));
  return (
    <figure aria-labelledby={`${id}-title`} data-testid={`chart-${id}`} className="min-w-0 rounded-xl p-4 ring-1 ring-slate-200 ring-inset">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-0.5 text-sm text-slate-700" data-testid={`headline-${id}`}>
        {hasData ? headline : empty}
      </p>
      {hasData ? (
        <>
          <div className="mt-3 -ml-1 min-w-0">
            <ChartCanvas id={id} locale={locale} title={title} description={description} kind={kind} format={format} days={days} series={series} />
          </div>
          <details className="mt-2 text-sm">
            <summary className="min-h-6 w-fit cursor-pointer rounded py-0.5 font-medium text-slate-700 hover:text-slate-900">
              {t("dashboard.showNumbers")}
            </summary>
            <Table caption={t("dashboard.caption", { title })} className="mt-2">
              <thead>
                <tr>
                  <Th>{t("dashboard.day")}</Th>
                  {series.map((s) => (
                    <Th key={s.key} className="text-right">
                      {s.label}
                    </Th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((day, i) => (
                  <tr key={day} data-day={day}>
                    <Td>
                      <time dateTime={day}>{formatDay(day, locale)}</time>
                    </Td>
                    {series.map((s) => (
                      <Td key={s.key} className="text-right tabular-nums">
                        {formatValue(s.values[i], s.format ?? format, locale)}
                      </Td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {totals ? (
                <tfoot>
                  <tr>
                    <Th scope="row">{t("dashboard.total")}</Th>
                    {totals.map((t, i) => (
                      <Td key={series[i].key} className="text-right font-semibold tabular-nums">
                        {t}
                      </Td>
                    ))}
                  </tr>
                </tfoot>
              ) : null}
            </Table>
          </details>
        </>
      ) : null}
    </figure>
  );
};

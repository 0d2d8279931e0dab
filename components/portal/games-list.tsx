// The games of one environment as links to their pages (Overview and Games pages): hidden games and test
// games marked, an empty state when there are none.
import { Badge } from "@/components/ui/badge";
import { textLinkClass } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { envHref } from "./env-href";
import { EnvironmentBadge } from "./environment-badge";

export type GamesListItem = { id: string; name: string; environment: Environment; isVisible: boolean };

export const GamesList = ({
  businessId,
  environment,
  games,
  locale = DEFAULT_LOCALE,
}: {
  businessId: string;
  environment: Environment;
  games: GamesListItem[];
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-catalogue");
  return games.length === 0 ? (
    <p className="mt-3 text-sm text-slate-700">{t("games.noGames", { environment })}</p>
  ) : (
    <ul className="mt-3 space-y-2">
      {games.map((g) => (
        <li key={g.id} className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset">
          <a className={`${textLinkClass} [overflow-wrap:anywhere]`} href={envHref(`/portal/${encodeURIComponent(businessId)}/games/${g.id}`, environment)}>
            {g.name}
          </a>
          <span className="flex items-center gap-2">
            {g.isVisible ? null : <Badge>{t("games.hidden")}</Badge>}
            <EnvironmentBadge environment={g.environment} locale={locale} />
          </span>
        </li>
      ))}
    </ul>
  );
};

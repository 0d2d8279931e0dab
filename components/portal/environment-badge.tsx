// The environment a portal page or list item is in: the amber test badge, or "Live".
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { Badge } from "@/components/ui/badge";
import type { Environment } from "@/lib/core/environment";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

export const EnvironmentBadge = ({ environment, locale = DEFAULT_LOCALE }: { environment: Environment; locale?: Locale }) =>
  environment === "test" ? <TestModeBadge locale={locale} /> : <Badge tone="success">{getTranslator(locale, "portal-catalogue")("games.live")}</Badge>;

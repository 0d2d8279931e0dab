import { Badge } from "@/components/ui/badge";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

/** Marks a page acting on test-environment objects: nothing real happens there. */
export const TestModeBadge = ({ locale = DEFAULT_LOCALE }: { locale?: Locale }) => (
  <Badge tone="warning" dot>
    {getTranslator(locale, "common")("testMode")}
  </Badge>
);

// A business (or game) the signed-in player is not a member of, or that does not exist: the same page
// either way, so a stranger learns nothing about another business. The page renders its tab title itself:
// the metadata Next.js streams is the requested page's ("Overview · Developer portal"), not this one's.
// In the member's language (or the browser's).
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { getTranslator } from "@/lib/i18n/translator";
import { getPortalLocale } from "../_lib/portal-locale";

export const metadata: Metadata = { robots: { index: false } };

const PortalNotFound = async () => {
  const locale = await getPortalLocale();
  const t = getTranslator(locale, "portal-more");
  return (
    <HostedLayout locale={locale}>
      <title>{t("notFound.metaTitle")}</title>
      <Card labelledBy="title">
        <StateMessage tone="warning" title={t("notFound.title")} headingId="title">
          <p>{t("notFound.body")}</p>
          <p className="mt-3">
            <a className={textLinkClass} href="/portal">
              {t("notFound.back")}
            </a>
          </p>
        </StateMessage>
      </Card>
    </HostedLayout>
  );
};

export default PortalNotFound;

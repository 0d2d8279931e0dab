import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

export const generateMetadata = async (): Promise<Metadata> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  return hostedMetadata({ locale, title: t("platforms.notFoundTitle"), description: t("platforms.notFoundBody") });
};

const BusinessNotFound = async () => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <StateMessage tone="warning" title={t("platforms.notFoundTitle")} headingId="title">
          <p>{t("platforms.notFoundBody")}</p>
        </StateMessage>
      </Card>
    </HostedLayout>
  );
};

export default BusinessNotFound;

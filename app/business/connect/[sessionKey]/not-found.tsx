import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

export const generateMetadata = async (): Promise<Metadata> => ({
  title: getTranslator(await getRequestLocale(), "platform")("connect.titleNotFound"),
  robots: { index: false, follow: false },
});

const ConnectNotFound = async () => {
  const t = getTranslator(await getRequestLocale(), "platform");
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <StateMessage tone="warning" title={t("connect.titleNotFound")} headingId="title">
          <p>{t("connect.notFoundBody")}</p>
        </StateMessage>
      </Card>
    </HostedLayout>
  );
};

export default ConnectNotFound;

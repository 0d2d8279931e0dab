import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

const BusinessNotFound = async () => {
  const t = getTranslator(await getRequestLocale(), "platform");
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <StateMessage tone="warning" title={t("platforms.notFoundTitle")} headingId="title">
          <p>{t("platforms.notFoundBody")}</p>
        </StateMessage>
      </Card>
    </HostedLayout>
  );
};

export default BusinessNotFound;

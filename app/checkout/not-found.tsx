import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator(await getRequestLocale(), "checkout");
  return { title: { absolute: t("meta.notFoundTitle") }, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** An unknown, mistyped or tampered checkout URL: in the browser's language (no game, so no game's theme or language). */
export default async function CheckoutNotFound() {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "checkout");
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <StateMessage tone="warning" title={t("notFound.title")} headingId="title">
          <p>{t("notFound.body")}</p>
        </StateMessage>
      </Card>
    </HostedLayout>
  );
}

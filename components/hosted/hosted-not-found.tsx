// The not-found page of a hosted page (an unknown, mistyped or tampered URL): the hosted layout in the
// browser's language, a warning card, and a title and description for the tab. Each route's not-found.tsx
// names its catalog keys and re-exports both parts. The page renders its tab title itself too (React puts
// it in the head): Next.js streams the metadata after the body, so a reader of the page as soon as its
// heading shows (axe, a screen reader) could find no <title> yet; this one comes with the heading.
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { Card } from "@/components/ui/card";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator, type Namespace } from "@/lib/i18n/translator";

type Keys = { namespace: Namespace; metaTitle: string; metaDescription: string; title: string; body: string };

export const hostedNotFound = ({ namespace, metaTitle, metaDescription, title, body }: Keys) => ({
  generateMetadata: async (): Promise<Metadata> => {
    const locale = await getRequestLocale();
    const t = getTranslator(locale, namespace);
    return hostedMetadata({ locale, title: t(metaTitle), description: t(metaDescription) });
  },
  NotFound: async () => {
    const locale = await getRequestLocale();
    const t = getTranslator(locale, namespace);
    return (
      <HostedLayout locale={locale}>
        <title>{t(metaTitle)}</title>
        <Card labelledBy="title">
          <StateMessage tone="warning" title={t(title)} headingId="title">
            <p>{t(body)}</p>
          </StateMessage>
        </Card>
      </HostedLayout>
    );
  },
});

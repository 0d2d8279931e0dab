// The messages of one namespace for the client components under it, which call `useTranslations(namespace)`
// from "use-intl". Rendered from a server component it sends only that namespace's catalog to the browser.
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES, type Namespace } from "@/messages/index";
import { IntlClientProvider } from "./intl-client-provider";

export const IntlProvider = ({ locale, namespace, children }: { locale: Locale; namespace: Namespace; children: ReactNode }) => (
  <IntlClientProvider locale={locale} messages={{ [namespace]: MESSAGES[locale][namespace] }}>
    {children}
  </IntlClientProvider>
);

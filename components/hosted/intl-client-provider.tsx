"use client";
// use-intl's IntlProvider for the browser side of a hosted page (see ./intl-provider.tsx, which picks the messages).
import type { ReactNode } from "react";
import { IntlProvider } from "use-intl";
import type { Messages } from "@/messages/index";

export const IntlClientProvider = ({ locale, messages, children }: { locale: string; messages: Record<string, Messages>; children: ReactNode }) => (
  <IntlProvider locale={locale} messages={messages} timeZone="UTC" onError={(error) => console.error("[i18n]", error.message)}>
    {children}
  </IntlProvider>
);

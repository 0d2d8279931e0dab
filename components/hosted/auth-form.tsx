// Player sign-in, sign-up and "forgot password" on the hosted pages, in the page's language: the form
// (./auth-form-client.tsx) under the "auth" catalog of `locale`.
import type { Locale } from "@/lib/i18n/locales";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { AuthFormClient, type AuthFormClientProps } from "./auth-form-client";
import { IntlProvider } from "./intl-provider";

export type { AuthMode } from "./auth-form-client";

export const AuthForm = ({ locale = DEFAULT_LOCALE, ...props }: AuthFormClientProps & { locale?: Locale }) => (
  <IntlProvider locale={locale} namespace="auth">
    <AuthFormClient {...props} />
  </IntlProvider>
);

// /portal/{businessId}/games/{gameId}/theme/preview?primaryButtonColor=…: the real hosted checkout page
// (components/checkout/checkout-page.tsx) for one of the game's items, painted with the draft theme of the
// query. The theme editor frames it beside its form; the only portal page that may be framed, and only by
// this site (frame-ancestors 'self': lib/http/security-headers.mjs). Members who may see the game only.
import type { Metadata } from "next";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { Card } from "@/components/ui/card";
import { draftThemeOf, previewPortalTheme } from "@/lib/portal/preview-portal-theme";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalPage } from "../../../../../_lib/page";
import { getPortalLocale } from "../../../../../_lib/portal-locale";
import { previewMailAction, previewPayAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("theme.previewMetaTitle") },
  robots: { index: false },
});

type Props = {
  params: Promise<{ businessId: string; gameId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const Notice = ({ children }: { children: string }) => (
  <main id="main" className="p-4">
    <Card labelledBy="title">
      <h1 id="title" className="text-lg font-semibold text-slate-900">
        {children}
      </h1>
    </Card>
  </main>
);

const ThemePreviewPage = async ({ params, searchParams }: Props) => {
  const { businessId, gameId } = await params;
  const draft = draftThemeOf(await searchParams);
  const page = await loadPortalPage(businessId, (ctx) => previewPortalTheme(ctx, { businessId, gameId, draft }));
  if (page.kind === "signed-out") return <Notice>{getTranslator(await getPortalLocale(), "portal-catalogue")("theme.previewSignIn")}</Notice>;
  if (page.kind === "refused") return <Notice>{page.message}</Notice>;
  return (
    <CheckoutPage
      view={page.value}
      target={{ kind: "grant", id: "preview", sig: null }}
      player={null}
      locale={await getRequestLocale()}
      actions={{ pay: previewPayAction, mail: { signUp: previewMailAction, requestReset: previewMailAction } }}
    />
  );
};

export default ThemePreviewPage;

// GET /checkout/cancel/{purchaseId}?sig=…: where Stripe sends a payer who backs out of the card page.
// Opening it changes nothing (a GET must be safe: Stripe, a prefetch or a link preview may open it); the
// payer presses "Return to checkout", a POST, to cancel the pending payment and choose again.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { checkoutMetadata, notFoundMetadata } from "@/components/checkout/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { successUrlPath } from "@/lib/checkout/sign-url";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { returnToCheckoutAction } from "./actions";
import { buttonClass } from "@/components/ui/classes";
import { Card } from "@/components/ui/card";
import { loadCancelPage } from "../../load-page";

type Props = { params: Promise<{ purchaseId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";

const load = loadCancelPage;

const read = async ({ params, searchParams }: Props) => {
  const { purchaseId } = await params;
  const raw = (await searchParams).sig;
  const sig = typeof raw === "string" ? raw : null;
  return { purchaseId, sig, loaded: await load(purchaseId, sig) };
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { loaded } = await read(props);
  if (!loaded) return notFoundMetadata(await getRequestLocale());
  const t = getTranslator(loaded.locale, "checkout");
  const title = t("meta.cancelTitle", { game: loaded.view.game.name });
  return checkoutMetadata({ locale: loaded.locale, title, description: title, game: loaded.view.game.name });
}

export default async function CheckoutCancelPage(props: Props) {
  const { purchaseId, sig, loaded } = await read(props);
  if (!loaded) notFound();
  const { view, locale } = loaded;
  const t = getTranslator(locale, "checkout");
  const item = view.itemName ?? t("cancel.yourItem");
  return (
    <CheckoutShell
      theme={view.theme}
      gameName={view.game.name}
      test={view.test}
      links={view.game.links}
      back={view.game.links.store ? { kind: "store", href: view.game.links.store } : null}
      locale={locale}
      t={t}
    >
      <Card variant="flat" labelledBy="title" className="mx-auto max-w-md">
        {view.status === "pending" ? (
          <>
            <StateMessage tone="info" title={t("cancel.leftTitle")} headingId="title">
              <p>{t("cancel.nothingCharged", { item })}</p>
              <p className="mt-2">{t("cancel.returnHint")}</p>
            </StateMessage>
            <form action={returnToCheckoutAction.bind(null, { purchaseId, sig })} className="mt-6">
              <button type="submit" className={buttonClass({ size: "lg" })}>
                {t("cancel.returnButton")}
              </button>
            </form>
          </>
        ) : view.status === "completed" ? (
          <>
            <StateMessage tone="success" title={t("cancel.wentThroughTitle")} headingId="title">
              <p>{t("cancel.wentThroughBody", { item })}</p>
            </StateMessage>
            <a href={successUrlPath(view.purchaseId)} className={`${buttonClass({ size: "lg" })} mt-6`}>
              {t("cancel.seeReceipt")}
            </a>
          </>
        ) : (
          <>
            <StateMessage tone="warning" title={view.status === "failed" ? t("cancel.failedTitle") : t("cancel.canceledTitle")} headingId="title">
              <p>{view.refunded ? t("cancel.lateRefund") : t("cancel.nothing")}</p>
            </StateMessage>
            {view.checkoutPath ? (
              <a href={view.checkoutPath} className={`${buttonClass({ size: "lg" })} mt-6`}>
                {t("cancel.returnButton")}
              </a>
            ) : null}
          </>
        )}
        {view.game.links.store && view.status !== "completed" ? (
          <a href={view.game.links.store} className={`${buttonClass({ variant: "secondary", size: "lg" })} mt-3`}>
            {t("final.backToGame", { game: view.game.name })}
          </a>
        ) : null}
      </Card>
    </CheckoutShell>
  );
}

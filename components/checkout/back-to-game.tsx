// The way back to the game (lib/checkout/resolve-back-link.ts): its return URL or store page as a link, else
// "Close". In the checkout's header it is a quiet link; on a final page (paid, expired, success) a button.
import type { BackLink } from "@/lib/checkout/resolve-back-link";
import { buttonClass, type ButtonVariant } from "@/components/ui/classes";
import { ClosePageButton } from "./close-page-button";
import type { Translate } from "./translate";

export const headerLinkClass =
  "inline-flex min-h-11 items-center rounded px-1 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--co-primary)]";

export const BackToGame = ({
  back,
  game,
  t,
  place,
  label,
  variant = "primary",
}: {
  back: BackLink;
  game: string;
  t: Translate;
  place: "header" | "final";
  /** the link's words (default "Back to <game>") */
  label?: string;
  variant?: ButtonVariant;
}) => {
  const className = place === "header" ? `${headerLinkClass} gap-1 text-sm font-medium text-[var(--co-label)]` : buttonClass({ variant, size: "lg" });
  if (back.kind === "close") return <ClosePageButton label={t("back.close")} fallback={t("back.closeRefused", { game })} className={className} />;
  return (
    <a href={back.href} className={className} data-testid={place === "header" ? "back-to-store" : "back-to-game"}>
      {place === "header" ? <span aria-hidden="true">←</span> : null}
      {label ?? t("shell.backToStore", { game })}
    </a>
  );
};

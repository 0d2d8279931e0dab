// POST /portal/language: the portal's language control (components/portal/portal-language-form.tsx), a plain
// form posted as a whole page, so the page that comes back is rendered anew in the chosen language, <html
// lang> included. Saves the signed-in account's language ("en", "fr", or "" for the browser's:
// lib/portal/save-portal-locale.ts), then 303 to the portal page it came from (a /portal path only, never
// another site). A post from another origin is a 403 and changes nothing; nobody signed in or an unknown
// language changes nothing and comes back to the page as it was.
import { z } from "zod";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { savePortalLocale } from "@/lib/portal/save-portal-locale";

export const dynamic = "force-dynamic";

const LanguageForm = z.object({ locale: textField(8, "Choose a language."), back: textField(2048, "Choose a language.") });

/** A portal page to come back to: only a /portal path of this site, else /portal. */
export const portalPathOf = (back: unknown) =>
  typeof back === "string" && back.length <= 2048 && /^\/portal(?:[/?#]|$)/.test(back) && !/[\\\s]/.test(back) ? back : "/portal";

const sameOrigin = (req: Request) => {
  const origin = req.headers.get("origin");
  if (!origin) return req.headers.get("sec-fetch-site") === "same-origin";
  try {
    return new URL(origin).host === req.headers.get("host");
  } catch {
    return false;
  }
};

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

export const POST = async (req: Request): Promise<Response> => {
  if (!sameOrigin(req)) return text(403, "A form of another site cannot change your language.");
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return text(400, "Send the language form.");
  }
  // refused (nobody signed in, an unknown language): nothing changes, and the page comes back as it was
  await runHostedAction({
    schema: LanguageForm,
    form,
    run: ({ db, player, input }) => savePortalLocale({ db, player }, { locale: input.locale }),
    unexpected: { log: "[portal] saving the language failed:", message: "Something went wrong on our side. Please try again." },
  });
  return new Response(null, { status: 303, headers: { location: portalPathOf(form.get("back")) } });
};

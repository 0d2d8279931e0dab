"use client";
// Keeps <html lang> on the language of the page on screen. The server renders it right (app/_lib/
// page-locale.ts); a client-side navigation does not render the root layout again, so the page's frame
// says its language here too.
import { useEffect } from "react";

export const DocumentLang = ({ lang }: { lang: string }) => {
  useEffect(() => {
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  }, [lang]);
  return null;
};

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getPageLocale } from "./_lib/page-locale";
import "./globals.css";

// No description here: a hosted page's link preview describes its game and action (components/hosted/
// page-metadata.ts), and the landing page describes Coinop itself (app/page.tsx).
export const metadata: Metadata = {
  title: { default: "Coinop", template: "%s · Coinop" },
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { themeColor: "#0f172a", width: "device-width", initialScale: 1 };

// `lang` is the language the page renders (app/_lib/page-locale.ts): the one its checkout, link session or
// invoice names, English on the consoles, else the browser's (Accept-Language).
const RootLayout = async ({ children }: { children: ReactNode }) => (
  <html lang={await getPageLocale()}>
    <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">{children}</body>
  </html>
);

export default RootLayout;

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getRequestLocale, getRequestPath } from "@/lib/hosted/locale";
import { getPortalLocale } from "./portal/_lib/portal-locale";
import "./globals.css";

// No description here: a hosted page's link preview describes its game and action (components/hosted/
// page-metadata.ts), and the landing page describes Coinop itself (app/page.tsx).
export const metadata: Metadata = {
  title: { default: "Coinop", template: "%s · Coinop" },
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { themeColor: "#0f172a", width: "device-width", initialScale: 1 };

// `lang` is the browser's language as negotiated (Accept-Language); a page whose link session, invite or grant
// forces another locale says so with `lang` on its own frame (HostedLayout). A /portal page speaks the
// language its account chose, else the browser's (app/portal/_lib/portal-locale.ts).
const documentLocale = async () => ((await getRequestPath()).startsWith("/portal") ? getPortalLocale() : getRequestLocale());

const RootLayout = async ({ children }: { children: ReactNode }) => (
  <html lang={await documentLocale()}>
    <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">{children}</body>
  </html>
);

export default RootLayout;

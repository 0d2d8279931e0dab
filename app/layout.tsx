import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Coinop", template: "%s · Coinop" },
  description: "Self-hosted commerce and rewards backend for games: virtual currencies, checkout, account linking, campaigns and a platform API.",
  applicationName: "Coinop",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { themeColor: "#0f172a", width: "device-width", initialScale: 1 };

const RootLayout = ({ children }: { children: ReactNode }) => (
  <html lang="en">
    <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">{children}</body>
  </html>
);

export default RootLayout;

// Every /operator page: never indexed. Each page checks the operator itself, on the server (app/operator/_lib/request.ts).
import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { robots: { index: false, follow: false } };

const OperatorLayout = ({ children }: { children: ReactNode }) => children;

export default OperatorLayout;

// The activation application in tests: a complete form as the portal and the hosted page send it, and small
// supporting documents (a PDF by its magic bytes).
import type { ApplicationForm } from "../../lib/activation/schemas.ts";

export const ascii = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));

/** A tiny PDF (its first bytes are what the document sniffing reads). */
export const pdf = (body = "statutes") => ascii(`%PDF-1.7\n${body}`);

/** A complete application as the form sends it (an adult representative born in 1984). */
export const completeForm = (over: ApplicationForm = {}): ApplicationForm => ({
  legalName: "Pixel Forge SAS",
  addressLine1: "12 rue des Arcades",
  addressLine2: "",
  city: "Lyon",
  state: "",
  postalCode: "69002",
  country: "fr",
  registrationNumber: "RCS 812 345 678",
  taxId: "FR40812345678",
  website: "https://pixelforge.example.com",
  productDescription: "Coins and cosmetic skins for our mobile puzzle game, sold to players worldwide.",
  representativeFirstName: "Camille",
  representativeLastName: "Durand",
  representativeDateOfBirth: "1984-07-21",
  representativeEmail: "Camille@PixelForge.example.com",
  ...over,
});

/** The application form's fields as a submitted form, with the pressed button (`intent`). */
export const applicationForm = (intent: "save" | "submit", over: ApplicationForm = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({ intent, ...completeForm(over) })) f.set(k, v ?? "");
  return f;
};

/** An upload as the browser sends it: the file part named "document". */
export const uploadForm = (name: string, bytes: Uint8Array, type = "application/pdf") => {
  const f = new FormData();
  f.set("document", new File([new Uint8Array(bytes)], name, { type }));
  return f;
};

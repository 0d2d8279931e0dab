// The hosted pages of a business, as the platform API hands them out (links {home, kyb, signIn}).
import { appBaseUrl } from "../config/settings.ts";

/**
 * home: the business's admin home (app/business/[businessId]); kyb: its verification status
 * (app/business/[businessId]/verification); signIn: the members' sign-in (and sign-up), which leads home.
 */
export const businessLinks = (businessId: string) => {
  const home = `${appBaseUrl()}/business/${encodeURIComponent(businessId)}`;
  return { home, kyb: `${home}/verification`, signIn: `${home}/sign-in` };
};

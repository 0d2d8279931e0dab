// The state the fund page's pay form gets back from its server action (app/fund/[sessionKey]/actions.ts).

/** `field`: where the alert about the attempt sits (a decline: "cardNumber"); `declined`: the form clears the CVC. */
export type FundPayState = {
  error: string | null;
  field?: string | null;
  declined?: boolean;
  fieldErrors: { field: string; message: string }[];
  attempt: number;
};
export const FUND_PAY_START: FundPayState = { error: null, fieldErrors: [], attempt: 0 };

// The state the fund page's pay form gets back from its server action (app/fund/[sessionKey]/actions.ts).

export type FundPayState = { error: string | null; fieldErrors: { field: string; message: string }[]; attempt: number };
export const FUND_PAY_START: FundPayState = { error: null, fieldErrors: [], attempt: 0 };

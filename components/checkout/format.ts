// Price formatting for the hosted checkout (USD cents, virtual-currency units).
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatCents = (cents: number): string => usd.format(cents / 100);
export const formatUnits = (amount: number, code: string): string => `${amount.toLocaleString("en-US")} ${code}`;

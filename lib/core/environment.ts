// The two environments every key, row and ledger account lives in, and the kinds of API key.
// Core: imports nothing from lib/.

export type Environment = "test" | "live";
export type KeyKind = "server" | "campaign" | "platform";

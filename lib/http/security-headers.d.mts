export declare const contentSecurityPolicy: (options?: { dev?: boolean; frameAncestors?: string }) => string;
export declare const CREDENTIAL_PAGES: string[];
export declare const SELF_FRAMED_PAGES: string[];
export declare const securityHeaders: (options?: { dev?: boolean }) => { source: string; headers: { key: string; value: string }[] }[];

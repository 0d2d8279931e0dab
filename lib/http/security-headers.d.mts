export declare const contentSecurityPolicy: (options?: { dev?: boolean }) => string;
export declare const CREDENTIAL_PAGES: string[];
export declare const securityHeaders: (options?: { dev?: boolean }) => { source: string; headers: { key: string; value: string }[] }[];

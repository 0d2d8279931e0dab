export declare const contentSecurityPolicy: (options?: { dev?: boolean; frameAncestors?: string; nonce?: string }) => string;
export declare const UPLOADS_CONTENT_SECURITY_POLICY: string;
export declare const CREDENTIAL_PAGES: string[];
export declare const SELF_FRAMED_PAGES: string[];
export declare const frameAncestorsFor: (pathname: string) => string;
export declare const securityHeaders: (options?: { dev?: boolean }) => { source: string; headers: { key: string; value: string }[] }[];

// The API version every /api/v1 answer names in X-Service-API-Version (the header a request may send to ask for
// it: route.ts refuses another value). The kernel's answers and the dispatch's own (404, 405, OPTIONS) carry it.
// docs/api-versioning.md.
export const API_VERSION = "v1";
export const API_VERSION_HEADER = "X-Service-API-Version";

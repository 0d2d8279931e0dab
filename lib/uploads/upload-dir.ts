/** Where uploaded files live: UPLOAD_DIR, or .data/uploads under the working directory (lib/config). */
export { uploadDir } from "../config/settings.ts";

/** Stored names are 32 hex characters and an image extension; nothing else is ever served (no path traversal). */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../core/errors.ts";
import { appBaseUrl } from "../config/settings.ts";
import { detectImageType } from "./image-type.ts";
import { uploadDir } from "./upload-dir.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Stores the first file part of `form` as an image under a random name, and returns its public URL
 * (APP_URL/uploads/<name>). Only PNG, JPEG, GIF and WebP by their bytes, at most 5 MB.
 */
export const storeImage = async (form: FormData | undefined): Promise<{ name: string; url: string; bytes: number }> => {
  const file = [...(form?.values() ?? [])].find((v): v is File => typeof v !== "string");
  if (!file) throw new AppError("FILE_REQUIRED", 'Send the image as a file part of a multipart/form-data body (any part name, e.g. "file").');
  if (file.size > MAX_IMAGE_BYTES) throw new AppError("IMAGE_TOO_LARGE", `The image is ${file.size} bytes; the limit is ${MAX_IMAGE_BYTES} bytes (5 MB).`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = detectImageType(bytes);
  if (!ext) throw new AppError("INVALID_IMAGE", "The file is not a PNG, JPEG, GIF or WebP image (checked by its content, not its name or type).");
  const name = `${randomBytes(16).toString("hex")}.${ext}`;
  const dir = uploadDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), bytes, { flag: "wx" });
  return { name, url: `${appBaseUrl()}/uploads/${name}`, bytes: bytes.length };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const STORE_IMAGE_ERRORS = ["FILE_REQUIRED", "IMAGE_TOO_LARGE", "INVALID_IMAGE"] as const satisfies readonly ErrorCode[];

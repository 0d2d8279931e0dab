import { readFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_TYPES, type ImageExt } from "./image-type.ts";
import { STORED_NAME, uploadDir } from "./upload-dir.ts";

/** A stored upload by its name, with its content type; null for a name we never issue or a missing file. */
export const readUpload = async (name: string): Promise<{ bytes: Buffer; contentType: string } | null> => {
  if (!STORED_NAME.test(name)) return null;
  try {
    const bytes = await readFile(path.join(uploadDir(), name));
    return { bytes, contentType: IMAGE_TYPES[name.split(".")[1] as ImageExt] };
  } catch {
    return null;
  }
};

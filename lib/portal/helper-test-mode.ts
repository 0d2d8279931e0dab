// Test helpers in the portal work on test objects only, like the API's (a live key gets 404 there): a live
// object, or the page in live mode, is refused with this message and nothing changes.
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";

export const TEST_ONLY_MESSAGE = "Test helpers work only in test mode, on test objects: switch to Test. Nothing was changed.";

export const requireTestObject = (environment: Environment | string) => {
  if (environment !== "test") throw new AppError("NOT_FOUND", TEST_ONLY_MESSAGE);
};

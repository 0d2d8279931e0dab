// GET /docs/scalar.js: the API reference's browser bundle, from node_modules (see ../scalar-bundle.ts).
import { readScalarBundle } from "../scalar-bundle";

export const GET = async (): Promise<Response> =>
  new Response(new Uint8Array(await readScalarBundle()), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      // /docs links to it with ?v=<version>, so a new version gets a new URL
      "cache-control": "public, max-age=31536000, immutable",
    },
  });

import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as createUgc } from "../../route";
import { POST as submit } from "../submit/route";
import { GET as serve } from "@/app/uploads/[...path]/route";
import { call } from "@/tests/support/http";
import { callMultipart, campaignHeaders, idem, makeShop, PNG_1X1, productSnapshot } from "@/tests/support/products";
import { getDb } from "@/lib/db/client";

const dir = mkdtempSync(path.join(tmpdir(), "coinop-uploads-"));
const env = { UPLOAD_DIR: process.env.UPLOAD_DIR, APP_URL: process.env.APP_URL };
beforeAll(() => {
  process.env.UPLOAD_DIR = dir;
  process.env.APP_URL = "https://shop.example.com/";
});
afterAll(() => {
  process.env.UPLOAD_DIR = env.UPLOAD_DIR;
  process.env.APP_URL = env.APP_URL;
});

const draftOf = async (headers: Record<string, string>, userRef: string) =>
  (await call(createUgc, { headers: idem(headers), params: { userRef }, body: { name: "Hat", type: "purchase", price: 300 } })).body;
const png = (name = "hat.png", bytes = PNG_1X1) =>
  ["image", { bytes, filename: name, type: "image/png" }] as [string, { bytes: Uint8Array<ArrayBuffer>; filename: string; type: string }];
const served = (name: string) => serve(new Request(`http://localhost/uploads/${name}`), { params: Promise.resolve({ path: [name] }) });

describe("POST /v1/products/{userRef}/{productId}/image", () => {
  it("stores a PNG under a random name, sets imageUrl, and the file is served back byte for byte with its type and cache headers", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const res = await callMultipart(POST, { headers: idem(headers), params: { userRef, productId: draft._id }, parts: [["caption", "ignored"], png()] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imageUrl: expect.stringMatching(/^https:\/\/shop\.example\.com\/uploads\/[0-9a-f]{32}\.png$/) });
    const name = res.body.imageUrl.split("/").pop();
    expect(readFileSync(path.join(dir, name))).toEqual(Buffer.from(PNG_1X1));
    expect((await getDb().product.findUniqueOrThrow({ where: { id: draft._id } })).imageUrl).toBe(res.body.imageUrl);

    const file = await served(name);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("accepts a JPEG sent under any part name and with a misleading declared type (the bytes decide)", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const res = await callMultipart(POST, {
      headers: idem(headers),
      params: { userRef, productId: draft._id },
      parts: [["whatever", { bytes: jpeg, filename: "x.txt", type: "text/plain" }]],
    });
    expect(res.body.imageUrl).toMatch(/\.jpg$/);
    expect((await served(res.body.imageUrl.split("/").pop())).headers.get("content-type")).toBe("image/jpeg");
  });

  it("400 INVALID_IMAGE for a text file (even named .png), IMAGE_TOO_LARGE over 5 MB, FILE_REQUIRED without a file part; nothing stored", async () => {
    const { headers, game, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const before = await productSnapshot(game.id);
    const files = readdirSync(dir).length;
    const params = { userRef, productId: draft._id };
    const text = await callMultipart(POST, {
      headers: idem(headers),
      params,
      parts: [png("evil.png", new Uint8Array(Buffer.from("<script>alert(1)</script>")))],
    });
    expect(text.status).toBe(400);
    expect(text.body.code).toBe("INVALID_IMAGE");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_1X1);
    const large = await callMultipart(POST, { headers: idem(headers), params, parts: [png("big.png", big)] });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({ code: "IMAGE_TOO_LARGE", error: expect.stringContaining("5 MB") });
    const none = await callMultipart(POST, { headers: idem(headers), params, parts: [["image", "not a file"]] });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("FILE_REQUIRED");
    const json = await call(POST, { headers: idem(headers), params, body: { image: "x" } });
    expect(json.status).toBe(415);
    expect(await productSnapshot(game.id)).toEqual(before);
    expect(readdirSync(dir).length).toBe(files);
  });

  it("409 once the product is submitted; 404 for another creator or another game, nothing stored", async () => {
    const a = await makeShop();
    const b = await makeShop();
    const draft = await draftOf(a.headers, a.userRef);
    const files = readdirSync(dir).length;
    const foreign = await callMultipart(POST, { headers: idem(b.headers), params: { userRef: b.userRef, productId: draft._id }, parts: [png()] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("PRODUCT_NOT_FOUND");
    await call(submit, { headers: idem(a.headers), params: { userRef: a.userRef, productId: draft._id } });
    const late = await callMultipart(POST, { headers: idem(a.headers), params: { userRef: a.userRef, productId: draft._id }, parts: [png()] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("PRODUCT_STATE_CONFLICT");
    expect(readdirSync(dir).length).toBe(files);
    expect((await getDb().product.findUniqueOrThrow({ where: { id: draft._id } })).imageUrl).toBe("");
  });

  it("401 without a key or with a campaign key; 400 without an Idempotency-Key; a replay stores one file", async () => {
    const { headers, userRef } = await makeShop();
    const draft = await draftOf(headers, userRef);
    const params = { userRef, productId: draft._id };
    expect((await callMultipart(POST, { params, parts: [png()] })).status).toBe(401);
    expect((await callMultipart(POST, { headers: idem(await campaignHeaders()), params, parts: [png()] })).status).toBe(401);
    expect((await callMultipart(POST, { headers, params, parts: [png()] })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const files = readdirSync(dir).length;
    const h = idem(headers);
    const first = await callMultipart(POST, { headers: h, params, parts: [png()] });
    const replay = await callMultipart(POST, { headers: h, params, parts: [png()] });
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(readdirSync(dir).length).toBe(files + 1);
  });
});

// POST /v1/products/{userRef}/{productId}/image: upload the image of a player's product (multipart, first file part)
import { route } from "@/lib/http/route";
import { ImageUploadResult, UgcProductParams } from "@/lib/products/schemas";
import { uploadProductImage, UPLOAD_PRODUCT_IMAGE_ERRORS } from "@/lib/products/upload-product-image";

export const POST = route({
  method: "POST",
  path: "/v1/products/{userRef}/{productId}/image",
  summary: "Upload a product image: multipart/form-data, the first file part (any name); PNG, JPEG, GIF or WebP, max 5 MB",
  tags: ["Products"],
  auth: "server",
  idempotency: "required",
  errors: UPLOAD_PRODUCT_IMAGE_ERRORS,
  bodyType: "multipart",
  params: UgcProductParams,
  response: {
    status: 200,
    schema: ImageUploadResult,
    description:
      'Request body: multipart/form-data; the first file part is the image, whatever its name (e.g. "file"). PNG, JPEG, GIF or WebP by content, at most 5 MB (400 INVALID_IMAGE, IMAGE_TOO_LARGE, FILE_REQUIRED). Only while the product is draft or declined (409 PRODUCT_STATE_CONFLICT). The image is served at imageUrl (APP_URL/uploads/<random name>) and becomes the product imageUrl.',
  },
  handler: ({ ctx, params, form }) => uploadProductImage(ctx, { ...params, form }),
});

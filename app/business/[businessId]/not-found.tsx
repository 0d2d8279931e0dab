import { hostedNotFound } from "@/components/hosted/hosted-not-found";

const page = hostedNotFound({
  namespace: "platform",
  metaTitle: "platforms.notFoundTitle",
  metaDescription: "platforms.notFoundBody",
  title: "platforms.notFoundTitle",
  body: "platforms.notFoundBody",
});

export const generateMetadata = page.generateMetadata;
export default page.NotFound;

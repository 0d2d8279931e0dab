import { hostedNotFound } from "@/components/hosted/hosted-not-found";

const page = hostedNotFound({
  namespace: "link",
  metaTitle: "meta.notFoundTitle",
  metaDescription: "meta.notFoundDescription",
  title: "notFound.title",
  body: "notFound.body",
});

export const generateMetadata = page.generateMetadata;
export default page.NotFound;

import { hostedNotFound } from "@/components/hosted/hosted-not-found";

const page = hostedNotFound({
  namespace: "platform",
  metaTitle: "connect.titleNotFound",
  metaDescription: "connect.notFoundBody",
  title: "connect.titleNotFound",
  body: "connect.notFoundBody",
});

export const generateMetadata = page.generateMetadata;
export default page.NotFound;

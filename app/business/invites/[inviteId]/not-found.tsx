import { hostedNotFound } from "@/components/hosted/hosted-not-found";

const page = hostedNotFound({
  namespace: "platform",
  metaTitle: "invite.titleNotFound",
  metaDescription: "invite.notFoundBody",
  title: "invite.titleNotFound",
  body: "invite.notFoundBody",
});

export const generateMetadata = page.generateMetadata;
export default page.NotFound;

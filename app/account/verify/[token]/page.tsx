// /account/verify/{token}: the link a sign-up mails. The player enters the password they chose; that
// verifies the email, sets the password and signs them in (lib/auth/verify-email.ts).
import { EmailLinkPage, emailLinkMetadata } from "../../email-link-page";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";
export const generateMetadata = () => emailLinkMetadata("verify_email");

const VerifyEmailPage = async ({ params }: Props) => EmailLinkPage({ token: (await params).token, purpose: "verify_email" });

export default VerifyEmailPage;

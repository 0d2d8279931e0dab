// /account/reset/{token}: the link "forgot password" (and a sign-up on an email that already has a
// password) mails. The player chooses a new password and is signed in (lib/auth/reset-password.ts).
import { EmailLinkPage, emailLinkMetadata } from "../../email-link-page";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";
export const generateMetadata = () => emailLinkMetadata("reset_password");

const ResetPasswordPage = async ({ params }: Props) => EmailLinkPage({ token: (await params).token, purpose: "reset_password" });

export default ResetPasswordPage;

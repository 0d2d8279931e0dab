// /operator/sign-in: the console's second factor, for a signed-in operator only (anyone else: 404). Not yet
// enrolled: the QR code and the secret in text for an authenticator app, confirmed with a first code, then ten
// recovery codes shown once. Enrolled: a code from the app, or a recovery code. Passed already: the console.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OperatorForm } from "@/components/operator/operator-form";
import { OperatorFrame } from "@/components/operator/operator-frame";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { requireOperator } from "@/lib/operator/require-operator";
import { startTotpEnrolment } from "@/lib/operator/start-totp-enrolment";
import { confirmEnrolmentAction, finishEnrolmentAction, verifyCodeAction } from "../actions";
import { operatorAccountPage } from "../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Operator sign-in · Coinop" } };

const passed = async (req: Parameters<typeof requireOperator>[0]) => {
  try {
    await requireOperator(req);
    return true;
  } catch {
    return false;
  }
};

const CodeField = ({ id, label, hint }: { id: string; label: string; hint: string }) => (
  <Field id={id} label={label} hint={hint}>
    {(c) => (
      <Input
        {...c}
        name="code"
        required
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={32}
        spellCheck={false}
        className="font-mono tracking-widest"
      />
    )}
  </Field>
);

const OperatorSignIn = async () => {
  const { operator, req } = await operatorAccountPage();
  if (await passed(req)) redirect("/operator");
  const enrolment = await startTotpEnrolment(req, { operator });
  return (
    <OperatorFrame email={operator.email}>
      <Card labelledBy="title" className="mx-auto w-full max-w-xl">
        <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {enrolment ? "Set up your second factor" : "Confirm it is you"}
        </h1>
        {enrolment ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              The operator console asks for a code from an authenticator app (1Password, Google Authenticator, Authy, …) each time you sign in. Scan the QR code
              with the app, or type the secret into it, then enter the six-digit code it shows.
            </p>
            <ol className="mt-5 flex flex-col gap-5 text-sm text-slate-800">
              <li>
                <h2 className="font-semibold text-slate-900">1. Add the account to your app</h2>
                <div
                  role="img"
                  aria-label="QR code of the operator console's authenticator secret"
                  data-testid="totp-qr"
                  className="mt-3 w-48 max-w-full rounded-lg bg-white p-2 ring-1 ring-slate-200 [&_svg]:h-auto [&_svg]:w-full"
                  dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
                />
                <p className="mt-3">Or type this secret (time-based, 6 digits, every 30 seconds):</p>
                <code
                  data-testid="totp-secret"
                  className="mt-1 block rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900"
                >
                  {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
                </code>
              </li>
              <li>
                <h2 className="font-semibold text-slate-900">2. Enter the code it shows</h2>
                <div className="mt-3">
                  <OperatorForm
                    action={confirmEnrolmentAction}
                    label="Confirm the authenticator app"
                    buttons={[{ label: "Confirm and show recovery codes", pendingLabel: "Checking…" }]}
                    finish={finishEnrolmentAction}
                  >
                    <CodeField id="enrol-code" label="Code from the app" hint="Six digits." />
                  </OperatorForm>
                </div>
              </li>
            </ol>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">
              Enter the code your authenticator app shows for the Coinop operator console, or one of your recovery codes.
            </p>
            <div className="mt-5">
              <OperatorForm action={verifyCodeAction} label="Second factor" buttons={[{ label: "Open the console", pendingLabel: "Checking…" }]}>
                <CodeField id="code" label="Code" hint="Six digits from the app, or a recovery code (XXXXX-XXXXX): each recovery code works once." />
              </OperatorForm>
            </div>
          </>
        )}
      </Card>
    </OperatorFrame>
  );
};

export default OperatorSignIn;

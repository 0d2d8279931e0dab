// npm run operator -- add EMAIL | remove EMAIL | list
// Names the instance's operators (the /operator console), never through the web. `add`: the verified account
// with this email may sign in to /operator, then enrols its TOTP second factor there. `remove`: the operator
// and its second factor go; an open console closes at its next request. Each change is written to the operator
// audit log as "cli". Uses DATABASE_URL, or the embedded PostgreSQL. Exit codes: 0 done, 1 nothing to do
// (already an operator / no such operator) or a failure, 2 a usage error.
import { config } from "../lib/config/env.ts";
import { AppError } from "../lib/core/errors.ts";
import { closeDb, getDb } from "../lib/db/client.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { addOperator } from "../lib/operator/add-operator.ts";
import { listOperators } from "../lib/operator/list-operators.ts";
import { removeOperator } from "../lib/operator/remove-operator.ts";

const usage = "usage: npm run operator -- add EMAIL | remove EMAIL | list";

const run = async (cmd: string, email: string | undefined): Promise<number> => {
  const db = getDb();
  if (cmd === "list") {
    const operators = await listOperators({ db });
    if (!operators.length) console.log("No operators yet. Name one with: npm run operator -- add EMAIL");
    for (const o of operators)
      console.log(
        `${o.email}\t${o.enrolledAt ? `second factor enrolled ${o.enrolledAt.toISOString()}, ${o.recoveryCodesLeft} recovery code(s) left` : "second factor not enrolled yet"}`,
      );
    return 0;
  }
  if (cmd === "add") {
    const added = await addOperator({ db }, { email: email! });
    if (!added) {
      console.error(`${email} is already an operator; nothing changed.`);
      return 1;
    }
    console.log(`${added.email} is now an operator. They sign in with their verified account, then open /operator/sign-in and enrol an authenticator app.`);
    return 0;
  }
  const removed = await removeOperator({ db }, { email: email! });
  if (!removed) {
    console.error(`${email} is not an operator; nothing changed.`);
    return 1;
  }
  console.log(`${removed.email} is no longer an operator; their second factor was deleted and their console closes at their next request.`);
  return 0;
};

const main = async (): Promise<number> => {
  const [cmd = "", email, ...rest] = process.argv.slice(2);
  const needsEmail = cmd === "add" || cmd === "remove";
  if (!(needsEmail || cmd === "list") || (needsEmail && (!email || rest.length)) || (cmd === "list" && email)) {
    console.error(usage);
    return 2;
  }
  const configured = config().DATABASE_URL;
  const embedded = configured ? null : await startEmbeddedPostgres({ log: (...a: unknown[]) => console.error(...a) });
  process.env.DATABASE_URL = configured ?? embedded!.url;
  try {
    return await run(cmd, email);
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  } finally {
    await closeDb();
    await embedded?.stop();
  }
};

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

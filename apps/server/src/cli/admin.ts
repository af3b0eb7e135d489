// Operator tools, on the same DATA_DIR or DATABASE_URL as the server, through the running server when
// one owns the embedded database (see db/open-for-cli.ts).
//   npm run admin -- impersonate <user e-mail | account id> --reason "..." [--operator <e-mail>]
//   npm run admin -- impersonate <operator e-mail> <user e-mail | account id> --reason "..."
//   npm run admin -- end-impersonation <impersonation id>
// impersonate prints a one-time sign-in link (valid five minutes) on stdout; the session it opens is
// marked impersonated and lasts an hour, and the impersonation (who, whom, why, when) and every write
// of the session go to the account's audit log. The operator is --operator, else STARBOARD_OPERATOR,
// else the first argument when two are given. An account id enters as its owner (else its first
// Admin). Exit 0 on success, 1 when the user, account or impersonation is unknown, 2 on bad arguments.
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabaseForCli } from "../db/open-for-cli.ts";
import { endImpersonation, startImpersonation } from "../features/auth/index.ts";
import { AppError } from "../platform/errors.ts";

const USAGE = `usage:
  npm run admin -- impersonate <user e-mail | account id> --reason "<why>" [--operator <your e-mail>]
  npm run admin -- impersonate <your e-mail> <user e-mail | account id> --reason "<why>"
  npm run admin -- end-impersonation <impersonation id>`;

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<
  typeof parseArgs<{ options: { reason: { type: "string" }; operator: { type: "string" } }; allowPositionals: true }>
>;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: { reason: { type: "string" }, operator: { type: "string" } },
    allowPositionals: true,
  });
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
const [command, ...rest] = parsed.positionals;

if (command === "impersonate") {
  if (rest.length < 1 || rest.length > 2) usage("impersonate takes the user (or account) to enter.");
  const target = rest.at(-1) as string;
  const operator = (rest.length === 2 ? rest[0] : (parsed.values.operator ?? process.env.STARBOARD_OPERATOR)) ?? "";
  if (!operator.includes("@")) usage("Give your e-mail address as the operator (--operator or STARBOARD_OPERATOR).");
  const reason = parsed.values.reason?.trim() ?? "";
  if (!reason) usage('Give the reason for entering the account: --reason "...".');
  await run(async (database, config) => {
    const link = await startImpersonation(database, config.publicUrl, { operator, target, reason });
    console.error(
      `Impersonation ${link.impersonationId}: ${operator} enters ${link.account.name} (${link.account.id}) as ${link.user.email}.\n` +
        `Reason: ${reason}\nThe link works once, until ${link.linkExpiresAt.toISOString()}; the session lasts an hour.`,
    );
    console.log(link.url);
  });
} else if (command === "end-impersonation") {
  const id = rest[0];
  if (!id || rest.length !== 1) usage("end-impersonation takes the impersonation id.");
  await run(async (database) => {
    const ended = /^[0-9a-f-]{36}$/i.test(id)
      ? await endImpersonation(database.db, { impersonationId: id })
      : undefined;
    if (!ended) throw AppError.notFound("No open impersonation with this id.");
    console.log(`Impersonation ${ended.id} ended; its session is signed out.`);
  });
} else {
  usage(command ? `Unknown command: ${command}` : "Name a command.");
}

async function run(
  work: (
    database: Awaited<ReturnType<typeof openDatabaseForCli>>["database"],
    config: ReturnType<typeof loadConfig>,
  ) => Promise<void>,
) {
  const config = loadConfig();
  const { database, describe } = await openDatabaseForCli(config);
  try {
    console.error(`Database: ${describe}`);
    await work(database, config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

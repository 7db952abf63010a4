// npm run admin -- <command>: operator commands on the same database the server uses.
import { parseArgs } from "node:util";
import { connectDatabase } from "../db/connect-database";
import { describeConnectionFault, isConnectionFault } from "../db/connection-fault";
import { createGrant, createKey, createWorkspace, revokeKey } from "../access/manage-access";
import { workspaceUsage } from "../metering/usage-summary";
import { PLAN_IDS, type PlanId } from "../access/plans";
import { TOKEN_TYPES, type TokenType } from "../access/token-format";

const USAGE = `Usage: npm run admin -- <command> [options] [--json]
  workspace create --name NAME --plan free|starter|pro [--allowance N]
  key create --workspace ID [--type api|cli|mcp] [--scopes a,b] [--expires-in SECONDS] [--name NAME]
  key revoke --id KEY_ID
  grant create --workspace ID [--credits N] [--api-access] --until ISO_DATE [--from ISO_DATE] [--note TEXT]
  usage --workspace ID`;

class UsageError extends Error {}

const OPTIONS = {
  json: { type: "boolean" },
  name: { type: "string" },
  plan: { type: "string" },
  allowance: { type: "string" },
  workspace: { type: "string" },
  type: { type: "string" },
  scopes: { type: "string" },
  "expires-in": { type: "string" },
  id: { type: "string" },
  credits: { type: "string" },
  "api-access": { type: "boolean" },
  until: { type: "string" },
  from: { type: "string" },
  note: { type: "string" },
  help: { type: "boolean" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

async function run(command: string, values: Values): Promise<Record<string, unknown>> {
  switch (command) {
    case "workspace create":
      return createWorkspace({
        name: required(values.name, "--name"),
        plan: oneOf(required(values.plan, "--plan"), PLAN_IDS, "--plan") as PlanId,
        allowance: optionalInt(values.allowance, "--allowance"),
      });
    case "key create":
      return createKey({
        workspaceId: required(values.workspace, "--workspace"),
        type: oneOf(values.type ?? "api", TOKEN_TYPES, "--type") as TokenType,
        scopes: values.scopes?.split(",").map((scope) => scope.trim()).filter(Boolean),
        expiresInSeconds: optionalInt(values["expires-in"], "--expires-in"),
        name: values.name,
      });
    case "key revoke":
      return revokeKey(required(values.id, "--id"));
    case "grant create":
      return createGrant({
        workspaceId: required(values.workspace, "--workspace"),
        credits: optionalInt(values.credits, "--credits") ?? 0,
        apiAccess: values["api-access"] ?? false,
        until: date(required(values.until, "--until"), "--until"),
        from: values.from ? date(values.from, "--from") : undefined,
        note: values.note,
      });
    case "usage":
      return workspaceUsage(required(values.workspace, "--workspace"));
    default:
      throw new UsageError(`Unknown command '${command}'.`);
  }
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required.`);
  return value;
}

function oneOf(value: string, allowed: readonly string[], flag: string): string {
  if (!allowed.includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(", ")}.`);
  return value;
}

function optionalInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a whole number.`);
  return Number(value);
}

function date(value: string, flag: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new UsageError(`${flag} must be an ISO date, e.g. 2027-01-31.`);
  return parsed;
}

function print(result: Record<string, unknown>, json: boolean) {
  if (json) console.log(JSON.stringify(result));
  else for (const [key, value] of Object.entries(result)) console.log(`${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
}

async function main() {
  let json = process.argv.includes("--json");
  let database: Awaited<ReturnType<typeof connectDatabase>> | undefined;
  try {
    const { values, positionals } = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true });
    json = values.json ?? false;
    if (values.help || positionals.length === 0) throw new UsageError("");
    database = await connectDatabase();
    print(await run(positionals.join(" "), values), json);
  } catch (error) {
    const message =
      error instanceof UsageError
        ? `${error.message}\n${USAGE}`.trim()
        : isConnectionFault(error)
          ? describeConnectionFault(error)
          : (error as Error).message;
    if (json) console.log(JSON.stringify({ error: message.split("\n")[0] || "usage" }));
    console.error(message);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

void main();

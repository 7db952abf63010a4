import type { Command } from "commander";
import { CREDIT_PRICES } from "../access/plans";
import { buildOpenApiDocument } from "../api/openapi";
import { COST_CLASS_LABELS, type Operation } from "../api/operation";
import { OPERATIONS } from "../operations/index";
import { callApi, credentialInUse, type CliTarget } from "./api-client";
import { commandNameOf, flagOf } from "./command-names";
import { progressBar, renderData } from "./output";

interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: { enum?: unknown[]; default?: unknown; type?: string; items?: { enum?: unknown[] } };
}

type Options = Record<string, string | boolean | undefined>;

/**
 * Every registry operation as a command: names from the path, flags from the same parameter list the
 * OpenAPI document publishes (names, descriptions, enums, defaults), so nothing is declared twice.
 */
export function addOperationCommands(program: Command, target: () => CliTarget): void {
  const document = buildOpenApiDocument(OPERATIONS) as unknown as { paths: Record<string, { get: { parameters?: Parameter[] } }> };
  const groups = new Map<string, Command>();
  for (const operation of OPERATIONS) {
    const { group, command, args } = commandNameOf(operation);
    let parent = program;
    if (command) {
      if (!groups.has(group)) groups.set(group, program.command(group).description(`${group} commands (see \`ludex ${group} --help\`)`));
      parent = groups.get(group)!;
    }
    const parameters = document.paths[operation.path]?.get.parameters ?? [];
    const cmd = parent.command(command ?? group).description(operation.summary);
    for (const arg of args) {
      const parameter = parameters.find((p) => p.in === "path" && p.name === arg);
      cmd.argument(`<${arg}>`, parameter?.description ?? arg);
    }
    for (const parameter of parameters.filter((p) => p.in === "query")) cmd.option(`--${flagOf(parameter.name)} <value>`, describe(parameter));
    cmd.option("--json", "print the API's response as it came");
    if (operation.paginated) cmd.option("--all", "follow nextOffset to the last page (progress on stderr)");
    cmd.addHelpText("after", `\nCost class: ${COST_CLASS_LABELS[operation.costClass]} (${credits(CREDIT_PRICES[operation.costClass])} a call)\nAPI: GET /api/v1${operation.path} (${operation.id})`);
    cmd.action(async (...values: unknown[]) => {
      const options = values[args.length] as Options;
      await runOperation(target(), operation, parameters, args.map((_, i) => String(values[i])), options);
    });
  }
}

function describe(parameter: Parameter): string {
  const notes: string[] = [];
  if (parameter.required) notes.push("required");
  if (parameter.schema.items) notes.push("comma-separated");
  const values = parameter.schema.enum ?? parameter.schema.items?.enum;
  if (values) notes.push(`one of: ${values.join(", ")}`);
  if (parameter.schema.default !== undefined) notes.push(`default ${String(parameter.schema.default)}`);
  const text = parameter.description ?? parameter.name;
  return notes.length ? `${text} [${notes.join("; ")}]` : text;
}

const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

async function runOperation(target: CliTarget, operation: Operation, parameters: Parameter[], args: string[], options: Options) {
  let path = operation.path;
  commandNameOf(operation).args.forEach((name, i) => (path = path.replace(`{${name}}`, encodeURIComponent(args[i]))));
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((p) => p.in === "query")) {
    const value = options[camel(flagOf(parameter.name))];
    if (typeof value === "string") query.set(parameter.name, value);
  }
  const credential = await credentialInUse(target);
  if (!credential) process.stderr.write("Not logged in: this is the anonymous preview (`ludex login` for the full data).\n");
  const body = options.all ? await allPages(target, path, query, credential) : await callApi(target, withQuery(path, query), credential);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${renderData(body.data)}\n`);
  for (const warning of body.warnings ?? []) process.stderr.write(`warning ${warning.code}: ${warning.message}\n`);
  const page = body.pagination;
  if (page && !options.all) {
    const shown = Array.isArray(body.data) ? body.data.length : 0;
    const next = page.nextOffset !== undefined ? `; next page: --offset ${page.nextOffset}, or --all` : "";
    process.stderr.write(`${shown ? `${page.offset + 1}-${page.offset + shown}` : "none"} of ${page.total}${next}\n`);
  }
}

/** Commander's option key for a flag: `--tags-exclude` is `tagsExclude`. */
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const withQuery = (path: string, query: URLSearchParams) => (query.size ? `${path}?${query}` : path);

/** Every page, `limit` 100 unless given; the answer is one envelope holding all the data. */
async function allPages(target: CliTarget, path: string, query: URLSearchParams, credential: Awaited<ReturnType<typeof credentialInUse>>) {
  if (!query.has("limit")) query.set("limit", "100");
  const bar = progressBar(path);
  const data: unknown[] = [];
  let body: any;
  for (;;) {
    body = await callApi(target, withQuery(path, query), credential);
    data.push(...(body.data as unknown[]));
    bar.update(data.length, body.pagination?.total ?? data.length);
    const next = body.pagination?.nextOffset;
    if (next === undefined) break;
    query.set("offset", String(next));
  }
  bar.finish();
  return { ...body, data, pagination: { ...body.pagination, offset: 0, limit: data.length, nextOffset: undefined } };
}

// The `ludex` command line: login by device code, and every registry operation as a command.
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { buildOpenApiDocument } from "../api/openapi";
import { OPERATIONS } from "../operations/index";
import { DEFAULT_BASE_URL, targetFrom } from "./api-client";
import { addAuthCommands } from "./auth-commands";
import { CliExit, EXIT } from "./exit-codes";
import { addOperationCommands } from "./operation-commands";

const version = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const program = new Command("ludex")
  .description("Ludex game-market data from the command line. Exit codes: 0 ok, 1 API error, 2 usage error, 3 login needed, 4 quota exceeded.")
  .version(version)
  .option("--base-url <url>", `the Ludex server (env LUDEX_BASE_URL; default ${DEFAULT_BASE_URL})`)
  .showHelpAfterError()
  .exitOverride();

const target = () => targetFrom(program.opts<{ baseUrl?: string }>().baseUrl);
addAuthCommands(program, target, version);
addOperationCommands(program, target);
program
  .command("schema")
  .description("print the OpenAPI document (generated from the same registry as these commands)")
  .action(() => {
    process.stdout.write(`${JSON.stringify(buildOpenApiDocument(OPERATIONS), null, 2)}\n`);
  });

try {
  await program.parseAsync(process.argv);
  process.exitCode = EXIT.ok;
} catch (error) {
  if (error instanceof CliExit) {
    if (error.message) process.stderr.write(`${error.message}\n`);
    process.exitCode = error.code;
  } else if (error instanceof CommanderError) {
    // --help and --version end through here with code 0; everything else is a usage error.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.stderr.write(`ludex: ${(error as Error).stack ?? error}\n`);
    process.exitCode = EXIT.apiError;
  }
}

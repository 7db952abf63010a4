import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

const require = createRequire(import.meta.url);

type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & { __wbg_set_wasm(exports: unknown): void };

let bindings: Promise<Bindings> | undefined;

/**
 * Prisma's WebAssembly schema engine. Its package imports the .wasm as an ES module, which Node 20
 * cannot, so we instantiate it by hand. The native engine cannot be downloaded here.
 */
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as Bindings;
    const wasmPath = join(dirname(require.resolve("@prisma/schema-engine-wasm")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { "./schema_engine_bg.js": glue as never });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue;
  })();
  return bindings;
}

/** A schema engine connected to `databaseUrl` (or to nothing useful, for schema-to-schema diffs). */
export async function openSchemaEngine(databaseUrl: string, schemaText: string): Promise<SchemaEngine> {
  const glue = await loadBindings();
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: databaseUrl, max: 2 }));
  const log = () => undefined;
  return glue.SchemaEngine.new({ datamodels: [["schema.prisma", schemaText]] } as never, log, factory);
}

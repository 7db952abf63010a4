import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
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

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes its connections (which hold the migration advisory lock until closed). */
  close(): Promise<void>;
}

/** A schema engine connected to `databaseUrl`, or, with `null`, to no database (schema-file diffs only). */
export async function openSchemaEngine(databaseUrl: string | null, schemaText: string): Promise<OpenEngine> {
  const glue = await loadBindings();
  const adapters: SqlDriverAdapter[] = [];
  const inner = databaseUrl ? new PrismaPg({ connectionString: databaseUrl, max: 2 }) : offlineFactory();
  // engine.free() does not dispose what the factory connected, so we keep track of it.
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => remember(adapters, await inner.connect()),
    connectToShadowDb: async () => remember(adapters, await inner.connectToShadowDb()),
  };
  const log = () => undefined;
  const engine = await glue.SchemaEngine.new({ datamodels: [["schema.prisma", schemaText]] } as never, log, bindMigrationAwareSqlAdapterFactory(tracked));
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(adapters.map((adapter) => adapter.dispose()));
    },
  };
}

function remember(adapters: SqlDriverAdapter[], adapter: SqlDriverAdapter): SqlDriverAdapter {
  adapters.push(adapter);
  return adapter;
}

/**
 * The engine connects on creation and asks for the server version, even when it will only diff two
 * schema files. This answers that one question as PostgreSQL 15 would, so `migrate:diff` needs no server;
 * anything else fails loudly rather than pretending.
 */
function offlineFactory(): SqlMigrationAwareDriverAdapterFactory {
  const adapter: SqlDriverAdapter = {
    provider: "postgres",
    adapterName: "ludex-offline",
    async queryRaw(query) {
      if (!/\bversion\(\)/.test(query.sql)) throw new Error(`no database for a schema-file diff: ${query.sql}`);
      return {
        columnNames: ["exists", "version", "numeric_version"],
        columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
        rows: [[true, "PostgreSQL 15.0", 150000]],
      };
    },
    executeRaw: async (query) => {
      throw new Error(`no database for a schema-file diff: ${query.sql}`);
    },
    executeScript: async () => {
      throw new Error("no database for a schema-file diff");
    },
    startTransaction: async () => {
      throw new Error("no database for a schema-file diff");
    },
    getConnectionInfo: () => ({ schemaName: "public", supportsRelationJoins: true }),
    dispose: async () => undefined,
  };
  return {
    provider: "postgres",
    adapterName: "ludex-offline",
    connect: async () => adapter,
    connectToShadowDb: async () => adapter,
  };
}

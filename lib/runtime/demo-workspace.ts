import pg from "pg";
import { guardClient } from "../db/connection-fault";

/** First start on the embedded default: a demo workspace on Pro, its key printed once and never again. */
export async function ensureDemoWorkspace(databaseUrl: string, log: (message: string) => void): Promise<void> {
  const client = guardClient(new pg.Client({ connectionString: databaseUrl }), "launcher");
  await client.connect();
  const { rows } = await client.query("SELECT 1 FROM workspaces LIMIT 1");
  await client.end();
  if (rows.length > 0) return;
  const { createWorkspace, createKey } = await import("../access/manage-access");
  const workspace = await createWorkspace({ name: "Demo", plan: "pro" });
  const key = await createKey({ workspaceId: workspace.id, type: "api", name: "demo" });
  const { disconnectPrisma } = await import("../db/prisma-client");
  await disconnectPrisma();
  log(`demo workspace ${workspace.id} on Pro. Its API key, shown this once:\n\n    ${key.secret}\n`);
  log(`try: curl -H "Authorization: Bearer ${key.secret}" http://localhost:${process.env.PORT ?? 3000}/api/v1/status`);
}

import { z } from "zod";
import { defineOperation } from "../api/operation";
import { getPrisma } from "../db/prisma-client";

const statusSchema = z
  .object({
    service: z.object({ name: z.string(), apiVersion: z.string() }),
    workspace: z.null().meta({ description: "The calling workspace (credits, plan, usage) once access control lands." }),
    catalog: z.object({
      games: z.number().int(),
      tags: z.number().int(),
      lastIngestedAt: z.string().nullable().meta({ description: "When the last ingestion finished." }),
    }),
  })
  .meta({ id: "Status" });

export const getStatus = defineOperation({
  id: "getStatus",
  method: "GET",
  path: "/status",
  summary: "Service and workspace status",
  description: "Current credit usage and remaining allowance of the calling workspace, and the state of the catalog.",
  group: "Workspace",
  costClass: "free",
  auth: "api",
  query: z.object({}),
  params: z.object({}),
  data: statusSchema,
  paginated: false,
  async handler() {
    const rows = await getPrisma().$queryRaw<{ games: number; tags: number; finished: Date | null }[]>`
      SELECT (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM tags) AS tags,
             (SELECT max(finished_at) FROM ingest_runs) AS finished`;
    const row = rows[0];
    return {
      data: {
        service: { name: "Ludex", apiVersion: "v1" },
        workspace: null,
        catalog: { games: row.games, tags: row.tags, lastIngestedAt: row.finished?.toISOString() ?? null },
      },
    };
  },
});

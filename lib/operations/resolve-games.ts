import { z } from "zod";
import { buildPagination, pageQuery } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { resolveTitle } from "../market/resolve-title";
import { withFreshness } from "./with-freshness";

const candidateSchema = z
  .object({
    appId: z.number().int().meta({ description: "Steam app id: use it with `GET /games/{appId}` and the per-title operations." }),
    name: z.string(),
    match: z.enum(["exact", "prefix", "substring", "similar"]).meta({
      description:
        "How the title matched: `exact` (equal once case and punctuation are ignored), `prefix` (starts with the query's words), `substring` (contains the query), `similar` (close spelling by pg_trgm word similarity).",
    }),
    score: z.number().meta({
      description: "pg_trgm word similarity of the query to the title, 0 to 1 (1: the query appears as a whole). A closeness measure, not a probability.",
    }),
    releaseYear: z.number().int().nullable().meta({ description: "Release year; `null` when no source gave a release date." }),
    reviewsTotal: z.number().int().nullable().meta({ description: "Total Steam reviews as stored for the game; `null` when not collected." }),
  })
  .meta({ id: "TitleCandidate" });

export const resolveGames = withFreshness(defineOperation({
  id: "resolveGames",
  method: "GET",
  path: "/games/resolve",
  summary: "Resolve a title to app ids",
  description:
    "For callers who have a name and need an app id. Candidates are the games whose title contains the query or is close to it in pg_trgm word similarity, ranked exactly as `GET /games?q=` ranks them: exact title first, then titles starting with the query's words, then closeness (rounded to 0.1), then most reviewed. Each candidate says how it matched and its similarity score; release year and review total help tell same-named games apart. `pagination.total` counts every candidate.",
  group: "Games",
  costClass: "baseline",
  scope: "market:read",
  anonymous: "preview",
  query: z.object({
    q: z.string().trim().min(1).max(200).meta({ description: "The title, or part of it (required)." }),
    ...pageQuery,
  }),
  params: z.object({}),
  data: z.array(candidateSchema),
  paginated: true,
  example: { query: { q: "counter strike", limit: "5" } },
  async handler({ query }) {
    const { items, total } = await resolveTitle(query.q, query.limit, query.offset);
    return { data: items, pagination: buildPagination(query.limit, query.offset, total) };
  },
}));

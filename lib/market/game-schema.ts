import { z } from "zod";
import { estimatesSchema } from "./estimates/estimate-schema";

const sourceRef = z
  .object({
    source: z.string().meta({ description: "Dataset the values come from, e.g. `steamspy-2025-01-01`." }),
    observedAt: z.string().meta({ description: "Date the source observed them (YYYY-MM-DD)." }),
  })
  .meta({ id: "SourceRef" });

export const gameTagSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    id: z.number().int().meta({ description: "Steam tag id." }),
    rank: z.number().int().meta({ description: "Position in store order; 1 is the most prominent." }),
  })
  .meta({ id: "GameTag" });

const nullable = <T extends z.ZodType>(schema: T, description: string) =>
  schema.nullable().meta({ description: `${description} \`null\` when not collected.` });

export const gameSummarySchema = z
  .object({
    appId: z.number().int().meta({ description: "Steam app id." }),
    name: z.string(),
    slug: z.string(),
    type: nullable(z.string(), "Steam app type (game, dlc, ...)."),
    developers: z.array(z.string()),
    publishers: z.array(z.string()),
    release: z.object({
      date: nullable(z.string(), "Release date, YYYY-MM-DD; with month or year precision, the first day of it."),
      precision: z.enum(["day", "month", "year", "unknown"]),
      year: nullable(z.number().int(), "Release year."),
      text: nullable(z.string(), "The date as the store printed it."),
    }),
    price: nullable(
      z.object({
        currentCents: z.number().int().nullable(),
        initialCents: z.number().int().nullable(),
        currency: z.string().nullable(),
        discountPercent: z.number().int().nullable(),
        isFree: z.boolean().nullable(),
      }),
      "Price in the currency's minor unit.",
    ),
    platforms: nullable(z.array(z.enum(["windows", "mac", "linux"])), "Supported platforms."),
    genres: nullable(z.array(z.string()), "Store genres."),
    categories: nullable(z.array(z.string()), "Store categories."),
    tags: nullable(z.array(gameTagSchema), "User tags in store order."),
    reviews: nullable(
      z.object({
        positive: z.number().int(),
        negative: z.number().int(),
        total: z.number().int(),
        rating: z.number().nullable().meta({ description: "Positive share, 0 to 1; null without reviews." }),
        score: z.number().int().meta({ description: "Steam review score 1-9; 0 below 10 reviews." }),
        label: z.string().meta({ description: "Steam's review summary label, by Steam's rules." }),
      }),
      "Steam review counts.",
    ),
    owners: nullable(
      z.object({ low: z.number().int(), high: z.number().int() }),
      "SteamSpy owners range (an estimate published by SteamSpy).",
    ),
    ccu: nullable(z.number().int(), "Peak concurrent players the day before observation (SteamSpy)."),
    players: nullable(
      z.number().int(),
      "Concurrent players when Ludex's sync last asked Steam (`sources.players`: one sample, not a peak; daily for hot titles, weekly for the rest).",
    ),
    playtime: nullable(
      z.object({ averageMinutes: z.number().int().nullable(), medianMinutes: z.number().int().nullable() }),
      "Playtime since release, minutes.",
    ),
    coverage: z.enum(["basic", "partial", "full"]).meta({
      description: "basic: catalog and review counts; partial: also tags and release date; full: also review texts and store details.",
    }),
    sources: z.record(z.string(), sourceRef).meta({ description: "Per field family, its source and observation date." }),
  })
  .meta({ id: "GameSummary" });

export const snapshotSchema = z
  .object({
    source: z.string(),
    observedAt: z.string(),
    reviewsPositive: z.number().int().nullable(),
    reviewsNegative: z.number().int().nullable(),
    ownersLow: z.number().int().nullable(),
    ownersHigh: z.number().int().nullable(),
    ccu: z.number().int().nullable(),
    priceCents: z.number().int().nullable(),
    initialPriceCents: z.number().int().nullable().meta({ description: "List price, US cents, where the source gave it." }),
    discountPercent: z.number().int().nullable(),
    players: z.number().int().nullable().meta({ description: "Concurrent players at the sample (`steam-players`)." }),
  })
  .meta({ id: "Snapshot" });

export const gameDetailSchema = gameSummarySchema
  .extend({
    storeDetails: nullable(z.record(z.string(), z.unknown()), "Selected Steam store details."),
    reviewTexts: z.object({
      collected: z.number().int().meta({ description: "Review texts stored for this game (0: none collected)." }),
    }),
    estimates: estimatesSchema
      .nullable()
      .meta({ description: "Estimated sales and revenue with method, inputs and 80% interval; `null` (locked) in the anonymous preview." }),
    snapshots: z
      .array(snapshotSchema)
      .nullable()
      .meta({
        description:
          "The latest observation of each snapshot source, oldest first (the whole series, daily where the sync runs, is `GET /games/{appId}/history`); `null` (locked) in the anonymous preview.",
      }),
  })
  .meta({ id: "GameDetail" });

export type GameSummary = z.input<typeof gameSummarySchema>;
export type GameDetail = z.input<typeof gameDetailSchema>;

export const GAME_FIELDS = Object.keys(gameSummarySchema.shape) as (keyof GameSummary)[];

import { z } from "zod";
import { estimatesSchema } from "../estimates/estimate-schema";

const deltaSchema = z
  .object({
    measure: z.string().meta({ description: "The measure that changed, e.g. `total`, `rating`, `low`." }),
    fromObservedOn: z.string(),
    toObservedOn: z.string(),
    fromSource: z.string(),
    toSource: z.string(),
    days: z.number().int().meta({ description: "Days between the two observations." }),
    from: z.number(),
    to: z.number(),
    change: z.number().meta({ description: "`to - from`, in the measure's unit." }),
    sameCollector: z.boolean().meta({
      description:
        "Both observations come from the same collector (e.g. two SteamSpy snapshots). `false`: different collectors whose counting rules may differ, so part of the change can be method, not market.",
    }),
  })
  .meta({ id: "HistoryDelta" });

const pointSchema = <T extends z.ZodType>(values: T, id: string) =>
  z
    .object({
      source: z.string(),
      observedOn: z.string().meta({ description: "Observation date, YYYY-MM-DD." }),
      values: values.nullable().meta({ description: "`null`: this source did not collect the measure on that date (a gap, never carried forward or zero)." }),
    })
    .meta({ id });

const seriesSchema = <T extends z.ZodType>(values: T, id: string, description: string) =>
  z
    .object({
      points: z.array(pointSchema(values, `${id}Point`)).meta({ description: "One point per observation, oldest first." }),
      deltas: z.array(deltaSchema).meta({
        description: "Per measure, the change between consecutive observations that both hold it (an observation lacking it is skipped, not filled).",
      }),
    })
    .meta({ id, description });

export const historySchema = z
  .object({
    appId: z.number().int(),
    name: z.string(),
    observations: z
      .array(
        z.object({
          source: z.string(),
          observedOn: z.string(),
          description: z.string().meta({ description: "What the source is and how it counts." }),
          collects: z.array(z.string()).meta({ description: "Measure families this source collected." }),
        }),
      )
      .meta({ description: "Every snapshot stored for the game, oldest first. Empty: no source observed it over time." }),
    reviews: seriesSchema(
      z.object({
        positive: z.number().int(),
        negative: z.number().int(),
        total: z.number().int(),
        rating: z.number().nullable().meta({ description: "positive / total; `null` with no reviews." }),
      }),
      "ReviewHistory",
      "Steam user review counts (observed).",
    ),
    owners: seriesSchema(
      z.object({ low: z.number().int(), high: z.number().int() }),
      "OwnersHistory",
      "SteamSpy's owners range: an estimate SteamSpy publishes, not an observed count. Locked (`null`) in the anonymous preview.",
    )
      .nullable(),
    ccu: seriesSchema(
      z.object({ value: z.number().int() }),
      "CcuHistory",
      "Peak concurrent players the day before the snapshot (observed by SteamSpy). Locked (`null`) in the anonymous preview.",
    ).nullable(),
    price: seriesSchema(z.object({ cents: z.number().int() }), "PriceHistory", "Price in US cents as SteamSpy read it (0: free)."),
    estimates: z
      .array(
        z.object({
          source: z.string(),
          observedOn: z.string().meta({ description: "Observation date, YYYY-MM-DD: the estimates are as of it." }),
          estimates: estimatesSchema,
        }),
      )
      .nullable()
      .meta({
        description:
          "Estimated sales and revenue as of each observation that counted reviews (the same as `GET /games/{appId}?asOf=` that day); `null` (locked) in the anonymous preview.",
      }),
  })
  .meta({ id: "GameHistory" });

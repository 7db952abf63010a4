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
      points: z.array(pointSchema(values, `${id}Point`)).meta({ description: "One point per observation of a source that collects the measure, oldest first (thinned to the step)." }),
      deltas: z.array(deltaSchema).meta({
        description: "Per measure, each observation's change since its collector's previous observation of it, or, for a collector's first, since the latest observation of another (`sameCollector: false`); none where it did not move; an observation lacking it is skipped, not filled.",
      }),
    })
    .meta({ id, description });

const discountSchema = z
  .object({
    percent: z.number().int(),
    priceCents: z.number().int().meta({ description: "Price during the discount, US cents." }),
    initialCents: z.number().int().nullable().meta({ description: "List price, US cents (`null`: not observed)." }),
    startedAfter: z.string().nullable().meta({ description: "The last day seen without this discount before it (YYYY-MM-DD): it started after this day. `null`: no earlier price observation." }),
    firstSeenOn: z.string().meta({ description: "The first day seen at this discount: it started on or before it." }),
    lastSeenOn: z.string().meta({ description: "The last day seen at this discount." }),
    endedOn: z.string().nullable().meta({ description: "The first day seen without it: it ended after `lastSeenOn` and by this day. `null` while it lasts." }),
    ongoing: z.boolean().meta({ description: "Still on at the window's last price observation." }),
    source: z.string().meta({ description: "Whose observations: `steam-store` (the store's own price) or a SteamSpy snapshot." }),
  })
  .meta({ id: "DiscountPeriod" });

export const historySchema = z
  .object({
    appId: z.number().int(),
    name: z.string(),
    window: z
      .object({
        from: z.string().nullable().meta({ description: "First day asked (YYYY-MM-DD); `null`: from the first observation." }),
        to: z.string().nullable().meta({ description: "Last day asked; `null`: to the latest observation." }),
        step: z.enum(["day", "week", "month"]).meta({ description: "`week`/`month`: per source, the last observation of each ISO week or month (its own date kept)." }),
      })
      .meta({ description: "The window and step of this answer." }),
    observations: z
      .array(
        z.object({
          source: z.string(),
          observedOn: z.string(),
          description: z.string().meta({ description: "What the source is and how it counts." }),
          collects: z.array(z.string()).meta({ description: "Measure families this source collected." }),
        }),
      )
      .meta({ description: "Every snapshot in the window (thinned to the step), oldest first. Empty: no source observed it over time." }),
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
    players: seriesSchema(
      z.object({ value: z.number().int() }),
      "PlayersHistory",
      "Concurrent players when Ludex's sync asked Steam (`steam-players`): one sample a day for hot titles, a week for the rest; not a peak. Locked (`null`) in the anonymous preview.",
    ).nullable(),
    price: seriesSchema(
      z.object({
        cents: z.number().int().meta({ description: "Price paid, US cents (0: free)." }),
        initialCents: z.number().int().nullable().meta({ description: "List price; `null` where the source did not give it." }),
        discountPercent: z.number().int().nullable().meta({ description: "Discount off the list price; `null` where the source did not give it." }),
      }),
      "PriceHistory",
      "US price as the store (`steam-store`) or SteamSpy read it.",
    ),
    discounts: z.array(discountSchema).meta({ description: "Sales seen in the window, oldest first, each bounded by the observations around its start and end." }),
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

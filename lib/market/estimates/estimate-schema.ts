import { z } from "zod";

const sourceRef = z.object({ source: z.string(), observedAt: z.string() }).nullable();

const estimateInputs = z
  .object({
    reviewsTotal: z.number().int().nullable().meta({ description: "Total Steam reviews the estimate starts from (as of the estimate's day)." }),
    releaseYear: z.number().int().nullable().meta({ description: "Release year as collected; `null` when no source dated it." }),
    multiplierYear: z.number().int().meta({ description: "Release year the model reads: the collected one, else inferred from the app id." }),
    yearInferred: z.boolean().meta({ description: "True when the year was inferred from the app id (no collected release date)." }),
    priceCents: z.number().int().nullable().meta({ description: "Full (initial) price in US cents used for the price factor and revenue." }),
    ageYears: z.number().nullable().meta({ description: "Years from the release (mid-month, or mid-year when only the year is known) to the day the review count describes." }),
    multiplier: z.number().meta({ description: "Copies per review: year multiplier x volume factor x price factor x age factor." }),
    yearMultiplier: z.number().meta({ description: "Copies per review of a typical calibration title released that year." }),
    volumeFactor: z.number().meta({ description: "Factor for the review count (titles with more reviews sell fewer copies per review)." }),
    priceFactor: z.number().meta({ description: "Factor for the full price (1 when the price is unknown)." }),
    ageFactor: z.number().meta({ description: "Factor for the age at the estimate's day (1 when the day is unknown)." }),
  })
  .meta({ id: "EstimateInputs" });

const estimate = (id: string, unit: string) =>
  z
    .object({
      value: z.number().nullable().meta({ description: `Central estimate (${unit}); \`null\` when no estimate can be made (see \`reason\`).` }),
      low: z.number().nullable().meta({ description: "Lower bound of the 80% interval." }),
      high: z.number().nullable().meta({ description: "Upper bound of the 80% interval." }),
      interval: z.literal(0.8).meta({ description: "Nominal coverage of [low, high]." }),
      unit: z.literal(unit),
      method: z.string().meta({ description: "Method id; docs/estimates.md describes each version." }),
      basis: z
        .object({
          reviews: sourceRef,
          price: sourceRef,
          observations: z
            .array(z.object({ source: z.string(), observedAt: z.string(), reviewsTotal: z.number().int() }))
            .optional()
            .meta({ description: "With `asOf`: the review observations used, one (that day, or the last before it) or the two around it." }),
        })
        .meta({ description: "Source and observation date of the review counts and the price used." }),
      asOf: z.string().optional().meta({ description: "With `asOf`: the day the estimate describes (YYYY-MM-DD)." }),
      note: z
        .string()
        .nullable()
        .optional()
        .meta({
          description:
            "How the review count of the day was obtained (with `asOf`: interpolated, accrued from the release, or the last observation when the day is after it), and any caveat of the model (a value outside the calibration range).",
        }),
      inputs: estimateInputs.nullable(),
      reason: z.string().nullable().meta({ description: "Why no estimate was made; `null` when it was." }),
    })
    .meta({ id });

export const estimatesSchema = z
  .object({
    sales: estimate("SalesEstimate", "copies"),
    revenue: estimate("RevenueEstimate", "USD"),
  })
  .meta({
    id: "Estimates",
    description:
      "Estimated lifetime unit sales and gross revenue (US dollars, before Steam's cut, after discounts and regional prices), from the review count and what the catalog holds about the title (release year, price, age), by a model fitted on publicly reported sales (docs/estimates.md). Estimates, not observations: never mixed with observed figures.",
  });

export type Estimates = z.infer<typeof estimatesSchema>;
export type Estimate = Estimates["sales"];
export type EstimateInputs = z.infer<typeof estimateInputs>;

import { z } from "zod";

const sharedTagSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    rank: z.number().int().meta({ description: "The tag's store rank in the requested game (1 first)." }),
    peerRank: z.number().int().meta({ description: "The tag's store rank in this similar game." }),
  })
  .meta({ id: "SharedTag" });

export const similarGameSchema = z
  .object({
    appId: z.number().int(),
    name: z.string(),
    score: z.number().meta({
      description:
        "Weighted Jaccard similarity of the two tag lists, 0 to 1: each tag weighs 1/rank in each game; score = sum over shared tags of min(weight here, weight there) / (all weights here + all weights there - that sum). 1 means the same tags in the same order.",
    }),
    sharedTags: z.array(sharedTagSchema).meta({ description: "Tags both games carry, in the requested game's order." }),
    peerTagCount: z.number().int().meta({ description: "How many tags this game carries (the score's denominator includes all of them)." }),
    peerTagsSource: z.string().nullable().meta({
      description: "Where this game's tags come from: `steam-store-search-2023` lists up to 7 store tags, `steam-store-2019` the top 3 SteamSpy tags.",
    }),
    releaseYear: z.number().int().nullable(),
    reviewsTotal: z.number().int().nullable().meta({ description: "Total Steam reviews as stored; `null` when not collected." }),
  })
  .meta({ id: "SimilarGame" });

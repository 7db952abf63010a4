import { z } from "zod";

/** The `{appId}` path parameter of the per-title operations, validated like `GET /games/{appId}`'s. */
export const appIdParams = z.object({
  appId: z.coerce.number().int().min(1).max(2_147_483_647).meta({ description: "Steam app id." }),
});

import { getGame } from "./get-game";

/** The `{appId}` path parameter of the per-title operations: the same schema as `GET /games/{appId}`'s. */
export const appIdParams = getGame.params;

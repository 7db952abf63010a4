import type { Operation } from "../api/operation";

/**
 * A registry operation's CLI command, from its path: the first segment is the group (`games`), the other
 * literal segments the command (`/games/count` is `games count`, `/games/{appId}/reviews/analysis` is
 * `games reviews-analysis <appId>`); a path of only the group is `get` with a path parameter, `list` for a
 * list, and the group alone otherwise (`/status` is `status`).
 */
export function commandNameOf(operation: Pick<Operation, "path" | "paginated">): { group: string; command: string | null; args: string[] } {
  const segments = operation.path.split("/").filter(Boolean);
  const args = segments.filter((s) => s.startsWith("{")).map((s) => s.slice(1, -1));
  const [group, ...rest] = segments;
  const literal = rest.filter((s) => !s.startsWith("{"));
  if (literal.length > 0) return { group, command: literal.join("-"), args };
  if (args.length > 0) return { group, command: "get", args };
  return { group, command: operation.paginated ? "list" : null, args };
}

/** `tagsExclude` is `--tags-exclude`: the flags are the parameters' names in kebab-case. */
export function flagOf(parameter: string): string {
  return parameter.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

// The CLI's commands come from the operation registry: one command per operation, named as the examples.
import { describe, expect, it } from "vitest";
import { commandNameOf, flagOf } from "@/lib/cli/command-names";
import { OPERATIONS } from "@/lib/operations";

const spelled = (op: (typeof OPERATIONS)[number]) => {
  const { group, command, args } = commandNameOf(op);
  return [group, command, ...args.map((a) => `<${a}>`)].filter(Boolean).join(" ");
};

describe("CLI command names", () => {
  it("gives every registry operation its own command", () => {
    const names = OPERATIONS.map(spelled);
    expect(new Set(names).size).toBe(OPERATIONS.length);
  });

  it("reads as the issue's examples", () => {
    const byId = Object.fromEntries(OPERATIONS.map((op) => [op.id, spelled(op)]));
    expect(byId).toMatchObject({
      listGames: "games list",
      getGame: "games get <appId>",
      listTags: "tags list",
      cohortBenchmark: "benchmarks cohort",
      getStatus: "status",
      countGames: "games count",
      analyseReviews: "games reviews-analysis <appId>",
    });
  });

  it("spells parameters as kebab-case flags", () => {
    expect(flagOf("tagsExclude")).toBe("tags-exclude");
    expect(flagOf("q")).toBe("q");
    expect(flagOf("releasedFrom")).toBe("released-from");
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { pageQuery } from "@/lib/api/pagination";
import { decimalParam, integerParam, listParam, parsePathParams, parseQuery } from "@/lib/api/query-params";
import { gameFilterQuery } from "@/lib/market/game-filters";
import { getGame } from "@/lib/operations/get-game";

const schema = z.object({
  q: z.string().trim().min(1).max(100).optional(),
  tags: listParam(z.string().max(100), "Tag slugs."),
  platforms: listParam(z.enum(["windows", "mac", "linux"]), "Platforms."),
  sort: z.enum(["name", "-name"]).optional(),
  ...pageQuery,
});
const games = z.object({ ...gameFilterQuery, ...pageQuery });

function parse(query: string, against: z.ZodObject = schema) {
  return parseQuery(against, new URLSearchParams(query));
}

/** The ApiError a query raises, so tests assert the code, the named param and the message a user sees. */
function failure(query: string, against: z.ZodObject = schema): ApiError {
  try {
    parse(query, against);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`'${query}' was accepted`);
}

describe("parseQuery", () => {
  it("applies the defaults: limit 25, offset 0", () => {
    expect(parse("")).toEqual({ limit: 25, offset: 0 });
  });

  it("rejects an unknown parameter as BAD_REQUEST naming it, and lists the known ones", () => {
    const error = failure("limit=5&colour=red");
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.status).toBe(400);
    expect(error.param).toBe("colour");
    expect(error.message).toContain("colour");
    expect(error.message).toContain("limit");
  });

  it("treats parameter names case-sensitively (LIMIT is unknown)", () => {
    expect(failure("LIMIT=5").param).toBe("LIMIT");
  });

  it("truncates a huge unknown parameter name in param and message", () => {
    const error = failure(`${"x".repeat(5000)}=1`);
    expect(error.param!.length).toBeLessThanOrEqual(80);
    expect(error.message.length).toBeLessThan(1000);
  });

  it("rejects a repeated scalar parameter, naming it", () => {
    const error = failure("limit=5&limit=6");
    expect([error.code, error.param]).toEqual(["BAD_REQUEST", "limit"]);
    expect(failure("q=a&q=b").param).toBe("q");
  });

  it("reads list parameters comma-separated, repeated, or both, trimming blanks", () => {
    expect(parse("tags=rpg,indie").tags).toEqual(["rpg", "indie"]);
    expect(parse("tags=rpg&tags=indie").tags).toEqual(["rpg", "indie"]);
    expect(parse("tags=rpg,indie&tags=strategy").tags).toEqual(["rpg", "indie", "strategy"]);
    expect(parse("tags=%20rpg%20,,indie,").tags).toEqual(["rpg", "indie"]);
  });

  it("rejects an empty list and a list item outside its enum, naming the list", () => {
    expect(failure("tags=").param).toBe("tags");
    expect(failure("tags=,,").param).toBe("tags");
    const error = failure("platforms=windows,amiga");
    expect([error.code, error.param]).toEqual(["BAD_REQUEST", "platforms"]);
  });

  it("rejects more than 50 list items", () => {
    expect(parse(`tags=${Array.from({ length: 50 }, (_, i) => `t${i}`).join(",")}`).tags).toHaveLength(50);
    expect(failure(`tags=${Array.from({ length: 51 }, (_, i) => `t${i}`).join(",")}`).param).toBe("tags");
  });

  it("rejects wrong types, naming the parameter and quoting the value", () => {
    const error = failure("limit=abc");
    expect([error.code, error.param]).toEqual(["BAD_REQUEST", "limit"]);
    expect(error.message).toContain("abc");
    expect(failure("limit=2.5").param).toBe("limit");
    expect(failure("offset=NaN").param).toBe("offset");
    expect(failure("limit=Infinity").param).toBe("limit");
    expect(failure("sort=price").message).toContain("name");
  });

  it("rejects out-of-range values: limit 0 and 101, negative offset", () => {
    expect(parse("limit=1").limit).toBe(1);
    expect(parse("limit=100").limit).toBe(100);
    for (const query of ["limit=0", "limit=101", "limit=-1", "offset=-1", "offset=99999999999"]) {
      expect(failure(query).param).toBe(query.split("=")[0]);
    }
  });

  // Number() reads these as 16, 10, 0, 0 and 0: a typo must not silently become another value.
  it.each(["limit=0x10", "limit=1e1", "offset=", "offset=%20", "reviewsMin="])("rejects %s: not a plain decimal integer", (query) => {
    expect(failure(query, games).param).toBe(query.split("=")[0]);
  });

  it("rejects an empty or blank q", () => {
    expect(failure("q=").param).toBe("q");
    expect(failure("q=%20%20").param).toBe("q");
    expect(parse("q=%20rogue%20").q).toBe("rogue");
  });

  it("quotes at most 80 characters of a rejected value", () => {
    const error = failure(`limit=${"9".repeat(5000)}`);
    expect(error.message.length).toBeLessThan(300);
  });
});

describe("release date bounds", () => {
  it("accept YYYY, YYYY-MM and YYYY-MM-DD, From at the start and To at the end of the period", () => {
    expect(parse("releasedFrom=2019&releasedTo=2019", games)).toMatchObject({ releasedFrom: "2019-01-01", releasedTo: "2019-12-31" });
    expect(parse("releasedFrom=2019-02&releasedTo=2019-02", games)).toMatchObject({ releasedFrom: "2019-02-01", releasedTo: "2019-02-28" });
    expect(parse("releasedTo=2020-02", games).releasedTo).toBe("2020-02-29");
    expect(parse("releasedFrom=2020-02-29", games).releasedFrom).toBe("2020-02-29");
  });

  it.each(["2023-02-30", "2019-02-29", "2023-13", "2023-00", "2023-1-5", "23", "yesterday", "2023/01/01", "2023-01-01T00:00:00Z"])(
    "rejects releasedFrom=%s naming releasedFrom",
    (value) => {
      const error = failure(`releasedFrom=${encodeURIComponent(value)}`, games);
      expect([error.code, error.param]).toEqual(["BAD_REQUEST", "releasedFrom"]);
    },
  );
});

describe("parsePathParams", () => {
  const params = getGame.params;

  it("reads a decimal app id", () => {
    expect(parsePathParams(params, { appId: "570" })).toEqual({ appId: 570 });
  });

  it.each(["abc", "-1", "0", "1.5", "99999999999", "0x23a", "1e3", " 570", "570.0", ""])("rejects appId '%s' naming appId", (value) => {
    let error: unknown;
    try {
      parsePathParams(params, { appId: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).param).toBe("appId");
  });
});

describe("integerParam and decimalParam: one strict number syntax for every parameter", () => {
  const strict = z.object({ n: integerParam({ min: -5, max: 1000 }).optional(), r: decimalParam({ min: 0, max: 1 }).optional() });

  it.each(["0", "7", "-5", "1000", "0007"])("integerParam reads %s as a decimal integer", (value) => {
    expect(parse(`n=${value}`, strict).n).toBe(Number(value));
  });

  it.each(["", " 7", "7 ", "+7", "7.0", "7.", "0x7", "0b1", "0o7", "1e2", "1_0", "٧", "Infinity", "NaN", "-", "--1"])(
    "integerParam rejects '%s' naming the parameter, quoting it",
    (value) => {
      const error = failure(`n=${encodeURIComponent(value)}`, strict);
      expect([error.code, error.param]).toEqual(["BAD_REQUEST", "n"]);
      expect(error.message).toContain("whole number");
    },
  );

  it("integerParam keeps range errors as range errors", () => {
    expect(failure("n=1001", strict).message).toMatch(/1000/);
    expect(failure("n=-6", strict).param).toBe("n");
  });

  it.each([["0.9", 0.9], ["1", 1], [".5", 0.5], ["0", 0], ["0.125", 0.125]])("decimalParam reads %s", (value, expected) => {
    expect(parse(`r=${value}`, strict).r).toBe(expected);
  });

  it.each(["", "0.", "1e-1", "0x1", " 0.5", "0,5", "Infinity", "NaN", "1.01", "-0.1"])("decimalParam rejects '%s'", (value) => {
    expect(failure(`r=${encodeURIComponent(value)}`, strict).param).toBe("r");
  });

  it("ratingMin and the count filters use them: ratingMin=1e-1 and priceMin=0x10 are BAD_REQUEST", () => {
    expect(failure("ratingMin=1e-1", games).param).toBe("ratingMin");
    expect(failure("priceMax=0x10", games).param).toBe("priceMax");
    expect(parse("ratingMin=0.95&priceMax=1999", games)).toMatchObject({ ratingMin: 0.95, priceMax: 1999 });
  });

  it("documents an integer (or a number) with its bounds in JSON Schema, not a string", () => {
    const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    expect(json(getGame.params.shape.appId)).toMatchObject({ type: "integer", minimum: 1, maximum: 2_147_483_647 });
    expect(json(pageQuery.offset)).toMatchObject({ type: "integer", minimum: 0, default: 0 });
    expect(json(games.shape.reviewsMin)).toMatchObject({ type: "integer", minimum: 0 });
    expect(json(games.shape.ratingMin)).toMatchObject({ type: "number", minimum: 0, maximum: 1 });
  });
});

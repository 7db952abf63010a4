// With a paid provider configured, each user may start LUDEX_COPILOT_CALLS_PER_HOUR copilot questions an hour (a second server, provider unreachable on purpose).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSecondServer } from "../../support/second-server";
import { signInWithHttp, uniqueEmail } from "../../support/sign-in";


let server: { base: string; stop(): void };
beforeAll(async () => {
  server = await startSecondServer({
    LUDEX_LLM: "openai:gpt-test",
    OPENAI_API_KEY: "sk-test-not-a-key",
    // Nothing listens here: the provider is never reached, only the limit in front of it is under test.
    OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    LUDEX_COPILOT_CALLS_PER_HOUR: "2",
  });
}, 120_000);
afterAll(() => server?.stop());

const ask = (cookie: string) =>
  fetch(`${server.base}/api/copilot`, {
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/json", cookie },
    body: JSON.stringify({ messages: [{ id: "q", role: "user", parts: [{ type: "text", text: "How many roguelike games were released in 2019?" }] }] }),
  });

describe("copilot model-call limit", () => {
  it("refuses a user's question past the hourly limit with 429 and Retry-After, and leaves other users alone", async () => {
    const cookie = await signInWithHttp(uniqueEmail("budget"), server.base);
    for (let i = 0; i < 2; i++) {
      const response = await ask(cookie);
      expect(response.status).toBe(200);
      await response.text();
    }
    const refused = await ask(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.message).toContain("2 copilot questions this hour");
    const other = await ask(await signInWithHttp(uniqueEmail("budget-other"), server.base));
    expect(other.status).toBe(200);
    await other.text();
  });
});

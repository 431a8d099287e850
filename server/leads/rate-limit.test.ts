import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("the per-process rate limiter (no DATABASE_URL)", () => {
  it("lets perMinute submissions through per key, then answers the whole seconds to wait", async () => {
    const limiter = await createRateLimiter({ perMinute: 2, durationSeconds: 30 });
    expect(await limiter.hit("198.51.100.1:form")).toBeNull();
    expect(await limiter.hit("198.51.100.1:form")).toBeNull();
    const wait = await limiter.hit("198.51.100.1:form");
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(30);
    expect(Number.isInteger(wait)).toBe(true);
    // Another key has its own allowance.
    expect(await limiter.hit("198.51.100.2:form")).toBeNull();
    await limiter.close();
  });

  it("waits at least a second even when the window is about to end", async () => {
    const limiter = await createRateLimiter({ perMinute: 1, durationSeconds: 1 });
    expect(await limiter.hit("key")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await limiter.hit("key")).toBe(1);
    await limiter.close();
  });

  it("counts nothing at 0 per minute", async () => {
    const limiter = await createRateLimiter({ perMinute: 0 });
    for (let index = 0; index < 100; index++) expect(await limiter.hit("key")).toBeNull();
    await limiter.close();
  });
});

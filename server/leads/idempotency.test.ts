import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_MAX, isValidIdempotencyKey, payloadHash } from "./idempotency.ts";

describe("Idempotency-Key", () => {
  it("takes 1 to 255 visible ASCII characters", () => {
    expect(isValidIdempotencyKey("a")).toBe(true);
    expect(isValidIdempotencyKey("!~")).toBe(true);
    expect(isValidIdempotencyKey("k".repeat(IDEMPOTENCY_KEY_MAX))).toBe(true);
    expect(IDEMPOTENCY_KEY_MAX).toBe(255);
  });

  it("refuses an empty key, a longer one, and any space, control or non-ASCII character wherever it is", () => {
    expect(isValidIdempotencyKey("")).toBe(false);
    expect(isValidIdempotencyKey("k".repeat(IDEMPOTENCY_KEY_MAX + 1))).toBe(false);
    for (const key of [" key", "key ", "k ey", "key\t", "\u007fkey", "kéy", "key\n"]) {
      expect(isValidIdempotencyKey(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe("payloadHash", () => {
  const fields = { name: "Grace Hopper", email: "grace@example.com", company: "Navy" };

  it("is the same for the same fields in any order", () => {
    const reordered = { company: "Navy", email: "grace@example.com", name: "Grace Hopper" };
    expect(payloadHash("chartassist-demo", reordered, null)).toBe(
      payloadHash("chartassist-demo", fields, null),
    );
    expect(payloadHash("chartassist-demo", fields, null)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with the form, any field's value or name, and the resume", () => {
    const base = payloadHash("chartassist-demo", fields, null);
    expect(payloadHash("careworks-demo", fields, null)).not.toBe(base);
    expect(payloadHash("chartassist-demo", { ...fields, company: "Army" }, null)).not.toBe(base);
    expect(
      payloadHash(
        "chartassist-demo",
        { name: "Grace Hopper", email: "grace@example.com", firm: "Navy" },
        null,
      ),
    ).not.toBe(base);
    expect(payloadHash("chartassist-demo", fields, "ab".repeat(32))).not.toBe(base);
    expect(payloadHash("chartassist-demo", fields, "ab".repeat(32))).not.toBe(
      payloadHash("chartassist-demo", fields, "cd".repeat(32)),
    );
  });
});

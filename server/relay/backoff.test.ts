import { describe, expect, it } from "vitest";
import { backoffDelay, parseRetryAfter } from "./backoff.ts";

describe("backoff", () => {
  it("draws full jitter below min(max, base * 2^attempt)", () => {
    expect(backoffDelay(0, 2000, 900_000, () => 0.999)).toBe(1998);
    expect(backoffDelay(3, 2000, 900_000, () => 0.5)).toBe(8000);
    expect(backoffDelay(30, 2000, 900_000, () => 0.5)).toBe(450_000);
    expect(backoffDelay(5, 2000, 900_000, () => 0)).toBe(0);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Tue, 01 Jan 2030 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe("Retry-After edge cases", () => {
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);

  it("trims the value and takes only whole digits as seconds", () => {
    expect(parseRetryAfter(" 120 ", now)).toBe(120_000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("12abc", now)).toBeNull();
    expect(parseRetryAfter("abc12", now)).toBeNull();
  });

  it("never answers a date in the past with a negative wait", () => {
    expect(parseRetryAfter("Tue, 01 Jan 2030 11:00:00 GMT", now)).toBe(0);
  });
});

describe("backoff ceiling", () => {
  it("doubles from the base and stops at the maximum, however many attempts", () => {
    const top = () => 0.999_999;
    expect(backoffDelay(0, 1000, 900_000, top)).toBe(999);
    expect(backoffDelay(1, 1000, 900_000, top)).toBe(1999);
    expect(backoffDelay(2, 1000, 900_000, top)).toBe(3999);
    expect(backoffDelay(10, 1000, 5000, top)).toBe(4999);
    // 2^40 is the exponent's cap: an attempt count in the thousands still gives a finite wait.
    expect(backoffDelay(5000, 1000, 5000, top)).toBe(4999);
    expect(backoffDelay(40, 1, Number.MAX_SAFE_INTEGER, () => 0.5)).toBe(2 ** 39);
    expect(backoffDelay(41, 1, Number.MAX_SAFE_INTEGER, () => 0.5)).toBe(2 ** 39);
  });
});

import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("server configuration: timeouts, upload cap, proxies", () => {
  it("defaults to 15 s for headers, 120 s for a request, 32 uploads in flight and no trusted proxy", () => {
    expect(loadConfig({})).toMatchObject({
      HEADERS_TIMEOUT_MS: 15_000,
      REQUEST_TIMEOUT_MS: 120_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_UPLOADS_IN_FLIGHT: 32,
      TRUST_PROXY: false,
    });
  });

  it("reads each TRUST_PROXY form", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8 ,2001:db8::/32" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::/32",
    ]);
  });

  it("keeps staff sessions 30 idle minutes and the staff audit 365 days unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ STAFF_IDLE_MINUTES: 30, AUDIT_RETENTION_DAYS: 365 });
    expect(loadConfig({ STAFF_IDLE_MINUTES: "15", AUDIT_RETENTION_DAYS: "90" })).toMatchObject({
      STAFF_IDLE_MINUTES: 15,
      AUDIT_RETENTION_DAYS: 90,
    });
  });

  it.each([
    [{ STAFF_IDLE_MINUTES: "0" }, /STAFF_IDLE_MINUTES/],
    [{ AUDIT_RETENTION_DAYS: "forever" }, /AUDIT_RETENTION_DAYS/],
    [{ HEADERS_TIMEOUT_MS: "30000", REQUEST_TIMEOUT_MS: "20000" }, /HEADERS_TIMEOUT_MS must not be longer/],
    [{ REQUEST_TIMEOUT_MS: "soon" }, /REQUEST_TIMEOUT_MS/],
    [{ MAX_UPLOADS_IN_FLIGHT: "0" }, /MAX_UPLOADS_IN_FLIGHT/],
    [{ TRUST_PROXY: "proxy.example" }, /TRUST_PROXY must be false, a hop count/],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

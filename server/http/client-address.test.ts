import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { startInProcessServer, type TestServer } from "../../test-support/in-process-server.ts";
import { MINIMAL_BUILD_DIR, startServer } from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../test-support/test-database.ts";
import { loadConfig, type TrustProxy } from "../config.ts";
import { clientAddressResolver, rateLimitKey } from "./client-address.ts";

/** The address the resolver picks for a request that reached us from `peer` with this X-Forwarded-For. */
async function resolve(trust: TrustProxy, peer: string, forwardedFor?: string): Promise<string> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const clientAddress = clientAddressResolver(trust);
  app.get("/", (c) => c.text(clientAddress(c)));
  const headers = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
  const incoming = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers };
  const response = await app.request("/", {}, { incoming } as unknown as HttpBindings);
  return response.text();
}

describe("client address behind proxies (proxy-addr semantics)", () => {
  it("ignores X-Forwarded-For entirely when no proxy is trusted (the default)", async () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(await resolve(false, "198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(await resolve(false, "198.51.100.7", "203.0.113.1, 203.0.113.2")).toBe("198.51.100.7");
  });

  it("trusts as many hops as TRUST_PROXY counts", async () => {
    const chain = "203.0.113.9, 198.51.100.1, 10.0.0.2";
    expect(await resolve(1, "10.0.0.1", chain)).toBe("10.0.0.2");
    expect(await resolve(2, "10.0.0.1", chain)).toBe("198.51.100.1");
    expect(await resolve(3, "10.0.0.1", chain)).toBe("203.0.113.9");
    // More hops than the chain has: the left-most address, the furthest one known.
    expect(await resolve(9, "10.0.0.1", chain)).toBe("203.0.113.9");
  });

  it("with a list of proxies and CIDRs takes the right-most address that is not one of them", async () => {
    const trust = loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.10" }).TRUST_PROXY;
    expect(trust).toEqual(["10.0.0.0/8", "192.0.2.10"]);
    // A CDN edge (192.0.2.10) behind our load balancer (10.0.0.1): the client is left of them.
    expect(await resolve(trust, "10.0.0.1", "198.51.100.7, 192.0.2.10")).toBe("198.51.100.7");
    // What the client forged to the left of its own address changes nothing.
    expect(await resolve(trust, "10.0.0.1", "203.0.113.66, 198.51.100.7, 192.0.2.10")).toBe("198.51.100.7");
    // A peer that is not a trusted proxy is the client, whatever it claims.
    expect(await resolve(trust, "198.51.100.8", "203.0.113.66")).toBe("198.51.100.8");
  });

  it("refuses a TRUST_PROXY that is none of its forms, naming the variable", () => {
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(
      /TRUST_PROXY must be false, a hop count/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("limits IPv6 clients per /64 and IPv4 clients per address", () => {
    expect(rateLimitKey("2001:db8:1:2::1")).toBe(rateLimitKey("2001:db8:1:2:ffff:ee:dd:9"));
    expect(rateLimitKey("2001:db8:1:2::1")).not.toBe(rateLimitKey("2001:db8:1:3::1"));
    expect(rateLimitKey("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitKey("198.51.100.7")).not.toBe(rateLimitKey("198.51.100.8"));
  });
});

// In memory on SQLite, in a PostgreSQL table shared by every instance otherwise.
describe.each(DIALECTS)("the rate limit against real servers, on %s", (dialect) => {
  const servers: TestServer[] = [];
  const databases: TestDatabase[] = [];
  const post = (server: TestServer, forwardedFor: string) =>
    fetch(`${server.url}/api/leads/payroll-info`, {
      method: "POST",
      body: new URLSearchParams({ name: "Grace Hopper", email: "grace@example.com", company: "Navy" }),
      headers: { Accept: "application/json", "X-Forwarded-For": forwardedFor },
    });

  /** A fresh database of this dialect, dropped after the suite. */
  const freshDatabase = async () => {
    const database = await createTestDatabase(dialect, "lead-limit");
    databases.push(database);
    return database;
  };

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(databases.map((database) => database.drop()));
  });

  it("counts IPv6 clients behind a trusted proxy per /64", async () => {
    const server = await startInProcessServer({
      ...(await freshDatabase()).env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RELAY_ENABLED: "false",
      RATE_LIMIT_PER_MINUTE: "2",
      TRUST_PROXY: "loopback",
    });
    servers.push(server);
    expect((await post(server, "2001:db8:1:2::1")).status).toBe(201);
    expect((await post(server, "2001:db8:1:2::2")).status).toBe(201);
    expect((await post(server, "2001:db8:1:2:abcd::3")).status).toBe(429);
    expect((await post(server, "2001:db8:1:3::1")).status).toBe(201);
  });

  // Only PostgreSQL shares anything between instances.
  it.runIf(dialect === "postgres")(
    "shares one limit across two instances on one PostgreSQL, and a forged X-Forwarded-For changes nothing",
    async () => {
      // A fresh schema: both instances start together on it, and both must open (the migrations take turns, and
      // they, not each limiter, make the limiter's table).
      const env = {
        ...(await freshDatabase()).env,
        BUILD_DIR: MINIMAL_BUILD_DIR,
        RELAY_ENABLED: "false",
        RATE_LIMIT_PER_MINUTE: "2",
      };
      // Two processes: nothing in memory can be shared, only what PostgreSQL holds.
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      servers.push(first, second);
      // Same peer (no proxy trusted), a different forged address each time: one bucket, across instances.
      expect((await post(first, "203.0.113.1")).status).toBe(201);
      expect((await post(second, "203.0.113.2")).status).toBe(201);
      const refused = await post(first, "203.0.113.3");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect((await post(second, "203.0.113.4")).status).toBe(429);
    },
  );
});

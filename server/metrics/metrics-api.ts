import { Hono } from "hono";
import { bearerCheck } from "../http/bearer-token.ts";
import type { Metrics } from "./metrics.ts";

/**
 * `GET /metrics` for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The token
 * is compared in constant time over digests, so neither its bytes nor its length leak through timing.
 */
export function createMetricsApi({ token, metrics }: { token: string; metrics: Metrics }): Hono {
  const authorised = bearerCheck(token);
  const app = new Hono();
  app.get("/", async (c) => {
    if (!authorised(c.req.header("Authorization"))) {
      return c.text("A bearer token (METRICS_TOKEN) is required.\n", 401, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
        "Cache-Control": "no-store",
      });
    }
    const { contentType, body } = await metrics.exposition();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
  return app;
}

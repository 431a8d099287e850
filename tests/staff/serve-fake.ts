import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { LeadFormId } from "../../leads/catalog.ts";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { loadStaticSite } from "../../server/static-site.ts";
import { createFakeStaffApi } from "./fake-api.ts";

/**
 * The built site served by the real app (static serving, headers, the staff shell) with the contract's fake
 * staff API mounted at /api/staff, for tests/e2e-staff until the real API (branch i13api) is merged. Test
 * hooks live under /__fake (never part of the app): POST /__fake/arrive { formId, fields } adds a lead.
 *   PORT=4174 BUILD_DIR=build/client node tests/staff/serve-fake.ts
 */
const config = loadConfig();
const fake = createFakeStaffApi({ siteOrigin: new URL(config.site.url).origin });
const site = await loadStaticSite(config.buildDir);
const app = new Hono();
app.post("/__fake/arrive", async (c) => {
  const { formId, fields } = await c.req.json<{ formId: LeadFormId; fields: Record<string, string> }>();
  return c.json({ id: fake.arrive(formId, fields) });
});
app.route("/", createApp({ config, logger: createLogger("warn"), site, api: fake.app }));
serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
console.log(`staff UI with the fake API on http://${config.HOST}:${config.PORT}`);

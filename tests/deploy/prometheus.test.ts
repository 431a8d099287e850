import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeFormService,
  SUCCESS_ANSWER,
  startFakeFormService,
} from "../../test-support/fake-form-service.ts";
import {
  freePort,
  MINIMAL_BUILD_DIR,
  type ServerProcess,
  startServer,
  waitFor,
} from "../../test-support/server-process.ts";

const RECIPES = fileURLToPath(new URL("../../deploy/prometheus/", import.meta.url));
const TOKEN = "prometheus-test-token-0123456789";

/** One instant vector from Prometheus' query API: each series' labels and value. */
async function query(
  prometheus: string,
  promql: string,
): Promise<{ metric: Record<string, string>; value: number }[]> {
  const response = await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  return body.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
}

/** Waits until the query's single series has this value (Prometheus scrapes every second here). */
const expectSoon = (prometheus: string, promql: string, expected: number) =>
  waitFor(
    async () => ((await query(prometheus, promql))[0]?.value === expected ? true : undefined),
    30_000,
    `${promql} == ${expected}`,
  );

describe("Prometheus (Debian's package) scraping the server with the recipe in deploy/prometheus", () => {
  let dir: string;
  let fake: FakeFormService;
  let server: ServerProcess;
  let prometheus: ChildProcess;
  let prometheusUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "prometheus-"));
    // The lead sent by "Dead Letter" is refused for good: its delivery dies after RELAY_GIVE_UP_AFTER_MS.
    fake = await startFakeFormService((_index, post) =>
      post.fields.name === "Dead Letter" ? { status: 500 } : SUCCESS_ANSWER,
    );
    server = await startServer(
      {
        BUILD_DIR: MINIMAL_BUILD_DIR,
        DATA_DIR: path.join(dir, "data"),
        FORM_SERVICE_URL: fake.template,
        METRICS_TOKEN: TOKEN,
        RELAY_BASE_DELAY_MS: "100",
        RELAY_GIVE_UP_AFTER_MS: "1500",
      },
      60_000,
    );

    // The recipe as shipped, pointed at this server, its token file and a 1 s scrape; plus a job with a wrong token.
    const target = new URL(server.url).host;
    await writeFile(path.join(dir, "token"), TOKEN);
    await writeFile(path.join(dir, "wrong-token"), `${TOKEN}-not`);
    const recipe = (await readFile(path.join(RECIPES, "prometheus.yml"), "utf8"))
      .replace("scrape_interval: 15s", "scrape_interval: 1s")
      .replace("evaluation_interval: 15s", "evaluation_interval: 1s")
      .replace("- leads-alerts.yml", `- ${path.join(RECIPES, "leads-alerts.yml")}`)
      .replace("/etc/prometheus/leads-metrics-token", path.join(dir, "token"))
      .replace('"127.0.0.1:3000"', `"${target}"`);
    expect(recipe).toContain(target);
    const wrongJob = [
      "  - job_name: leads-wrong-token",
      "    authorization:",
      `      credentials_file: ${path.join(dir, "wrong-token")}`,
      "    static_configs:",
      `      - targets: ["${target}"]`,
      "",
    ].join("\n");
    await writeFile(path.join(dir, "prometheus.yml"), `${recipe}${wrongJob}`);
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    let output = "";
    prometheus = spawn(
      "prometheus",
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "tsdb")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    prometheus.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(
      () =>
        fetch(`${prometheusUrl}/-/ready`).then(
          (response) => response.ok || undefined,
          () => undefined,
        ),
      30_000,
      `Prometheus ready\n${output}`,
    );
  }, 120_000);
  afterAll(async () => {
    prometheus?.kill("SIGTERM");
    await server?.stop();
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (body: string) =>
    fetch(`${server.url}/api/leads/chartassist-demo`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });

  it("scrapes with the bearer token, and a wrong token is a target down", async () => {
    await expectSoon(prometheusUrl, 'up{job="leads"}', 1);
    await expectSoon(prometheusUrl, 'up{job="leads-wrong-token"}', 0);
    const memory = await query(prometheusUrl, 'process_resident_memory_bytes{job="leads"}');
    expect(memory[0]?.value).toBeGreaterThan(0);
  });

  it("reads back the leads, refusals, deliveries, outbox, requests and sign-ins the server counted", async () => {
    for (const name of ["Ada", "Bo", "Cy"])
      expect((await post(`name=${name}&email=a%40example.com`)).status).toBe(201);
    expect((await post("name=Ada&email=nope")).status).toBe(400);
    expect((await post("name=Dead+Letter&email=dead%40example.com")).status).toBe(201);
    const signIn = await fetch(`${server.url}/api/staff/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "nobody@staff.example", password: "wrong password!", code: "000000" }),
    });
    expect(signIn.status).toBe(401);

    await expectSoon(prometheusUrl, 'leads_accepted_total{form="chartassist-demo"}', 4);
    await expectSoon(prometheusUrl, 'leads_refused_total{form="chartassist-demo",reason="invalid"}', 1);
    await expectSoon(prometheusUrl, 'lead_deliveries_total{channel="formservice",outcome="delivered"}', 3);
    await expectSoon(prometheusUrl, 'lead_outbox_dead{channel="formservice"}', 1);
    await expectSoon(prometheusUrl, 'lead_outbox_pending{channel="formservice"}', 0);
    // The mail outbox is reported in the same families as channel="mail" (nothing queued without SMTP_URL).
    await expectSoon(prometheusUrl, 'lead_outbox_pending{channel="mail"}', 0);
    await expectSoon(prometheusUrl, 'lead_outbox_dead{channel="mail"}', 0);
    await expectSoon(prometheusUrl, 'staff_sign_ins_total{outcome="refused"}', 1);
    await expectSoon(
      prometheusUrl,
      'sum(http_request_duration_seconds_count{route="/api/leads/:formId",method="POST",status="201"})',
      4,
    );
    const deliveries = await query(
      prometheusUrl,
      'lead_delivery_duration_seconds_count{channel="formservice"}',
    );
    expect(deliveries[0]?.value).toBeGreaterThanOrEqual(4);
  });

  it("evaluates the recipe's alert rules on those series: the dead delivery alerts, the mail outbox's do not", async () => {
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => [rule.name, rule.health])).toEqual([
      ["LeadDeliveryDead", "ok"],
      ["LeadOutboxStuck", "ok"],
      ["LeadMailDead", "ok"],
      ["LeadMailStuck", "ok"],
    ]);
    const alerts = async () =>
      (
        (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as {
          data: { alerts: { labels: Record<string, string>; state: string }[] };
        }
      ).data.alerts;
    const firing = await waitFor(
      async () => {
        const now = await alerts();
        return now.some((alert) => alert.labels.alertname === "LeadDeliveryDead" && alert.state === "firing")
          ? now
          : undefined;
      },
      30_000,
      "LeadDeliveryDead firing",
    );
    expect(firing.map((alert) => alert.labels.channel)).toEqual(["formservice"]);
  });

  it("passes promtool's own tests of the rules, and README shows the recipe as it is", async () => {
    const tested = spawnSync("promtool", ["test", "rules", path.join(RECIPES, "leads-alerts.test.yml")], {
      encoding: "utf8",
    });
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    const readme = await readFile(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
    for (const file of ["prometheus.yml", "leads-alerts.yml"]) {
      expect(readme, `README shows deploy/prometheus/${file}`).toContain(
        await readFile(path.join(RECIPES, file), "utf8"),
      );
    }
  });
});

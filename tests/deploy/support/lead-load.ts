import { randomUUID } from "node:crypto";
import type { Store } from "../../../server/store/store.ts";
import type { FakeFormService } from "../../../test-support/fake-form-service.ts";
import { waitFor } from "../../../test-support/server-process.ts";
import type { HttpsAnswer, RunningCaddy } from "./caddy.ts";

export interface PostedLead {
  index: number;
  /** The final answer's status, after at most one retry. */
  status: number;
  /** The lead id the final answer named. */
  id: string | undefined;
  /** The first answer's status when it was a 502 or 503 and the client retried. */
  retriedAfter: number | undefined;
}

/**
 * `count` leads posted through Caddy by `concurrency` clients, each with an Idempotency-Key and retried once,
 * with the same key, on a 502 or 503: what a browser's form does. Clients take turns over `sources` (loopback
 * addresses), so the per-address rate limit is not what the run measures. `posted()` counts the answered.
 */
export function postLeads({
  caddy,
  count,
  concurrency,
  sources,
  pauseMs,
}: {
  caddy: RunningCaddy;
  count: number;
  concurrency: number;
  sources: string[];
  pauseMs: number;
}): { done: Promise<PostedLead[]>; posted(): number } {
  const results: PostedLead[] = [];
  let next = 0;
  const post = (index: number, key: string): Promise<HttpsAnswer> =>
    caddy.fetch("/api/leads/chartassist-demo", {
      method: "POST",
      from: sources[index % sources.length],
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": key,
      },
      body: `name=Rolling+${index}&email=rolling-${index}%40example.com`,
    });
  const client = async () => {
    while (next < count) {
      const index = next++;
      const key = randomUUID();
      let answer = await post(index, key);
      let retriedAfter: number | undefined;
      if (answer.status === 502 || answer.status === 503) {
        retriedAfter = answer.status;
        answer = await post(index, key);
      }
      const id =
        answer.status === 201 ? (JSON.parse(answer.body.toString()) as { id: string }).id : undefined;
      results.push({ index, status: answer.status, id, retriedAfter });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, client)).then(() =>
    results.toSorted((a, b) => a.index - b.index),
  );
  return { done, posted: () => results.length };
}

/** Every answered lead is in the store once and delivered, and the form service received each exactly once. */
export async function expectEachLeadOnce(
  posted: PostedLead[],
  store: Store,
  fake: FakeFormService,
  expect: (actual: unknown, message?: string) => { toEqual(expected: unknown): void },
): Promise<void> {
  const ids = posted.map((lead) => lead.id ?? `missing-${lead.index}`).toSorted();
  const receivedIds = () => fake.delivered().map((post) => post.fields._lead_id ?? "");
  // The service confirms before the relay records the delivery: wait for the store to say so for every lead.
  const stored = await waitFor(
    async () => {
      const leads = await store.operations.list({ formId: "chartassist-demo" });
      return leads.length >= ids.length && leads.every((lead) => lead.state === "delivered")
        ? leads
        : undefined;
    },
    60_000,
    "every lead stored and delivered",
  ).catch(() => store.operations.list({ formId: "chartassist-demo" }));
  expect(stored.map((lead) => lead.id).toSorted(), "stored once each").toEqual(ids);
  expect(
    stored.filter((lead) => lead.state !== "delivered").map((lead) => lead.id),
    "all delivered",
  ).toEqual([]);
  // Give a late duplicate time to arrive before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Only this run's leads: the same service may have received others' before.
  const ours = new Set(ids);
  expect(
    receivedIds()
      .filter((id) => ours.has(id))
      .toSorted(),
    "delivered once each",
  ).toEqual(ids);
}

import { describe, expect, it } from "vitest";
import { buildPayload, type OutgoingLead, sendLead } from "./send-lead.ts";

const LEAD: OutgoingLead = {
  url: "https://forms.example.test/ajax/contact%40example.com",
  leadId: "0b6f3f6e-4f1c-4b43-9d6e-1d6f5b0c2a10",
  to: "contact@example.com",
  subject: "New ChartAssist Demo Request",
  fields: { name: "Ada", email: "ada@example.com" },
  resume: null,
};

/** A form service that answers every post with `response`. */
const answering = (response: () => Response) => (async () => response()) as unknown as typeof fetch;

const send = (response: () => Response) => sendLead(LEAD, 1000, Date.now, answering(response));

describe("sendLead", () => {
  it("carries the lead id as _lead_id so a recipient can recognise a repeat", () => {
    const body = buildPayload(LEAD);
    expect(body.get("_lead_id")).toBe(LEAD.leadId);
  });

  it.each([
    ["success true", { success: true }],
    ['success "true" (FormSubmit)', { success: "true", message: "The form was submitted successfully." }],
  ])("counts a JSON %s as delivered", async (_, json) => {
    expect(await send(() => Response.json(json))).toEqual({ ok: true, status: 200 });
  });

  it.each([
    ["an HTML page", () => new Response("<!doctype html><title>Just a moment...</title>", htmlHeaders())],
    ["an empty body", () => new Response(null, { status: 200 })],
    ["an empty 204", () => new Response(null, { status: 204 })],
    ["non-JSON text", () => new Response("OK", { headers: { "Content-Type": "text/plain" } })],
    ["JSON without success", () => Response.json({ ok: true })],
    ["JSON success false", () => Response.json({ success: false, message: "Invalid email" })],
    ['JSON success "false"', () => Response.json({ success: "false" })],
  ])("counts a 2xx with %s as a failed attempt flagged configuration", async (_, response) => {
    const outcome = await send(response);
    expect(outcome).toMatchObject({ ok: false, problem: "configuration" });
  });
});

function htmlHeaders(): ResponseInit {
  return { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } };
}

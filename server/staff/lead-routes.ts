import { Readable } from "node:stream";
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { leadChangeRequest, noteRequest, type peopleAnswer } from "../../staff/api.ts";
import { CALL_NOTE_MAX } from "../../staff/conversation.ts";
import { NOTE_MAX } from "../../staff/limits.ts";
import { mayAdminister } from "../../staff/roles.ts";
import { exportColumns, leadsCsv } from "../lead-export.ts";
import type { AuditLog } from "../store/queries/audit-log.ts";
import type { InboxQueries } from "../store/queries/inbox.ts";
import { bodyOf, fail, jsonOf, readFilters, type StaffEnv, sendAttachment } from "./http.ts";
import type { Inbox } from "./inbox.ts";

/** The inbox's routes: the list, its CSV export, one lead, its resume, its status, assignee and notes. */
export function mountLeads(
  app: Hono<StaffEnv>,
  deps: {
    inbox: Inbox;
    store: { inbox: Pick<InboxQueries, "exportFieldNames">; audit: Pick<AuditLog, "record"> };
    now: () => number;
  },
) {
  const { inbox, store, now } = deps;

  /** The filters, or the refusal: a bad one (422), or the Spam view for anyone but an admin (404). */
  const filtersOf = (c: Context<StaffEnv>) => {
    const read = readFilters(c, now());
    if ("problem" in read) return fail(c, 422, "bad_filter", `The filter ${read.problem}.`);
    if (read.filters.spam && !mayAdminister(c.get("staff").role)) return fail(c, 404, "not_found");
    return read;
  };

  app.get("/leads", async (c) => {
    const read = filtersOf(c);
    if (read instanceof Response) return read;
    return c.json(await inbox.list(c.get("staff"), read.filters, read.page, read.sort));
  });

  app.get("/export.csv", async (c) => {
    const read = filtersOf(c);
    if (read instanceof Response) return read;
    const { role, id } = c.get("staff");
    const [fieldNames, count] = await Promise.all([
      store.inbox.exportFieldNames(role, read.filters),
      inbox.count(role, read.filters),
    ]);
    // Audited before the first byte leaves: a download cut short was still an access.
    await store.audit.record({ actorId: id, action: "export", detail: `${count} lead(s)` });
    const csv = leadsCsv(exportColumns(fieldNames), inbox.exportRows(role, read.filters));
    const day = new Date(now()).toISOString().slice(0, 10);
    return c.body(Readable.toWeb(csv) as ReadableStream<Uint8Array>, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
    });
  });

  app.get("/leads/:id", async (c) => {
    const page = await inbox.open(c.get("staff"), c.req.param("id"));
    return page ? c.json(page) : fail(c, 404, "not_found");
  });

  app.get("/leads/:id/resume", async (c) => {
    const found = await inbox.resume(c.get("staff"), c.req.param("id"));
    if (!found) return fail(c, 404, "not_found");
    const inline = found.resume.kind === "pdf" && c.req.query("download") !== "1";
    const name = found.resume.name.replace(/[^\w.\- ]/g, "_") || `resume.${found.resume.kind}`;
    return c.body(found.blob.stream(), 200, {
      "Content-Type": found.blob.type,
      "Content-Length": String(found.blob.size),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(found.resume.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    });
  });

  app.get("/leads/:id/attachments/:attachmentId", async (c) => {
    const file = await inbox.attachment(c.get("staff"), c.req.param("id"), c.req.param("attachmentId"));
    if (!file) return fail(c, 404, "not_found");
    return sendAttachment(c, file);
  });

  app.post("/leads/:id/not-spam", async (c) => {
    const released = await inbox.notSpam(c.get("staff"), c.req.param("id"));
    if (released === null) return fail(c, 404, "not_found");
    if (released === false) return fail(c, 422, "bad_status", "This lead is not in Spam.");
    return c.json(released);
  });

  app.patch("/leads/:id", async (c) => {
    const body = await bodyOf(c, leadChangeRequest);
    if (!body) return fail(c, 400, "malformed");
    const result = await inbox.update(c.get("staff"), c.req.param("id"), body);
    if (result === null) return fail(c, 404, "not_found");
    if (result === "bad_status")
      return fail(c, 422, "bad_status", "That status is not in this lead's workflow.");
    if (result === "bad_assignee")
      return fail(c, 422, "bad_assignee", "That person cannot be given this lead.");
    return c.json(result);
  });

  app.post("/leads/:id/notes", async (c) => {
    const body = await bodyOf(c, noteRequest);
    if (!body) return fail(c, 422, "malformed", `A note has 1 to ${NOTE_MAX} characters.`);
    const result = await inbox.addNote(c.get("staff"), c.req.param("id"), body.text);
    return result ? c.json(result, 201) : fail(c, 404, "not_found");
  });

  app.post("/leads/:id/calls", async (c) => {
    const body = await jsonOf(c);
    if (!body) return fail(c, 400, "malformed");
    const logged = await inbox.logCall(c.get("staff"), c.req.param("id"), body.json);
    if (logged === null) return fail(c, 404, "not_found");
    if (logged === "bad_call")
      return fail(
        c,
        422,
        "bad_call",
        `Choose what the call came to, and keep the note within ${CALL_NOTE_MAX} characters.`,
      );
    return c.json(logged, 201);
  });

  app.get("/people", async (c) =>
    c.json({ people: await inbox.people(c.get("staff").role) } satisfies z.input<typeof peopleAnswer>),
  );
}

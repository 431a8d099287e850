import type { Hono } from "hono";
import { fail, jsonOf, type StaffEnv } from "./http.ts";
import type { Replies } from "./replies.ts";

/** A lead's replies: send one (201 with the reply as the thread shows it), retry one that was given up. */
export function mountReplies(app: Hono<StaffEnv>, deps: { replies: Replies }) {
  const { replies } = deps;

  app.post("/leads/:id/replies", async (c) => {
    const body = await jsonOf(c);
    if (!body) return fail(c, 400, "malformed");
    const sent = await replies.send(c.get("staff"), c.req.param("id"), body.json);
    if ("status" in sent)
      return fail(c, sent.status, sent.error, "message" in sent ? sent.message : undefined);
    return c.json({ message: sent }, 201);
  });

  app.post("/leads/:id/replies/:replyId/retry", async (c) => {
    const retried = await replies.retry(c.get("staff"), c.req.param("id"), c.req.param("replyId"));
    if ("status" in retried)
      return fail(c, retried.status, retried.error, "message" in retried ? retried.message : undefined);
    return c.json({ message: retried });
  });
}

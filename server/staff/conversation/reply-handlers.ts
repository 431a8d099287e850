import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import type { Replies } from "./replies.ts";

/** A lead's replies: send one (201 with the reply as the thread shows it), retry one that was given up. */
export function replyHandlers(deps: {
  replies: Replies;
}): Pick<EndpointHandlers, "sendReply" | "retryReply"> {
  const { replies } = deps;
  return {
    sendReply: async ({ staff, lead, body }) => replies.send(staff, lead, await body()),
    retryReply: ({ staff, lead, params }) => replies.retry(staff, lead, params.replyId),
  };
}

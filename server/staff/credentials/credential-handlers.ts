import { Readable } from "node:stream";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import { Refusal, refuse } from "../api/refusals.ts";
import { sendFile } from "../api/send-file.ts";
import type { CredentialWork } from "./credential-work.ts";

type CredentialEndpoints =
  | "credentialFile"
  | "requestDocuments"
  | "renewLink"
  | "revokeLink"
  | "credentialDocument"
  | "verifyItem"
  | "rejectItem";

/** The credential file's handlers: the file, the private link's request, renewal and revocation, a document, a review. */
export function credentialHandlers({
  work,
}: {
  work: CredentialWork;
}): Pick<EndpointHandlers, CredentialEndpoints> {
  return {
    credentialFile: ({ staff, lead }) => work.file(staff, lead),
    requestDocuments: async ({ staff, lead, body }) => work.request(staff, lead, (await body()).credential),
    renewLink: ({ staff, lead }) => work.renew(staff, lead),
    revokeLink: ({ staff, lead }) => work.revoke(staff, lead),
    verifyItem: async ({ staff, lead, params, body }) =>
      work.verify(staff, lead, params.itemId, (await body()).submissionId),
    rejectItem: async ({ staff, lead, params, body }) =>
      work.reject(staff, lead, params.itemId, await body()),

    async credentialDocument({ staff, lead, params, query }, c) {
      const found = await work.document(staff, lead, params.submissionId, query().download === "1");
      if (found instanceof Refusal) return found;
      // The first chunk is read before the answer starts: a file that is gone or does not decrypt is a refusal,
      // not a download cut short.
      const chunks = found.body[Symbol.asyncIterator]();
      let first: IteratorResult<Buffer>;
      try {
        first = await chunks.next();
      } catch {
        found.body.destroy();
        return refuse(
          500,
          "internal",
          "This document cannot be read. Ask an administrator to check the key.",
        );
      }
      const rest = Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* { [Symbol.asyncIterator]: () => chunks };
        })(),
      );
      return sendFile(
        c,
        {
          name: found.name,
          fallbackName: found.name,
          type: found.type,
          size: found.size,
          body: Readable.toWeb(rest) as ReadableStream<Uint8Array>,
        },
        { inline: found.inline },
      );
    },
  };
}

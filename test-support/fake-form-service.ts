import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

/** What one relay request carried, as the outside service saw it on the wire. */
export interface ReceivedPost {
  path: string;
  /** The mailbox from the URL, decoded. */
  to: string;
  accept: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  file: { field: string; name: string; type: string; size: number; sha256: string; head: string } | null;
  /** The status we answered. */
  status: number;
  /** Whether our answer confirmed the delivery (2xx with JSON `success` true or "true"). */
  confirmed: boolean;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Decides the answer to the nth request (0-based). */
export type Responder = (index: number, post: ReceivedPost) => FakeAnswer;

export interface FakeFormService {
  /** A FORM_SERVICE_URL template pointing here. */
  template: string;
  posts: ReceivedPost[];
  /** Posts answered with a confirmed success. */
  delivered(): ReceivedPost[];
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

export const ACTIVATION_ANSWER: FakeAnswer = {
  status: 200,
  body: {
    success: "false",
    message:
      "This form needs Activation. We've sent you an email containing an 'Activate Form' link. Just click it and your form will be activated!",
  },
};

export const SUCCESS_ANSWER: FakeAnswer = {
  status: 200,
  body: { success: "true", message: "The form was submitted successfully." },
};

function parse(
  request: IncomingMessage,
): Promise<Omit<ReceivedPost, "status" | "path" | "to" | "confirmed">> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: ReceivedPost["file"] = null;
    const parser = busboy({ headers: request.headers, limits: { fileSize: 64 * 1024 * 1024 } });
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      const hash = createHash("sha256");
      let size = 0;
      let head = Buffer.alloc(0);
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
        if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
      });
      stream.on("end", () => {
        file = {
          field,
          name: info.filename ?? "",
          type: info.mimeType,
          size,
          sha256: hash.digest("hex"),
          head: head.toString("latin1"),
        };
      });
    });
    parser.on("close", () =>
      resolve({ accept: request.headers.accept, contentType: request.headers["content-type"], fields, file }),
    );
    parser.on("error", reject);
    request.pipe(parser);
  });
}

/** A stand-in for FormSubmit on loopback, recording every post; answers success unless told otherwise. */
export async function startFakeFormService(
  responder: Responder = () => SUCCESS_ANSWER,
): Promise<FakeFormService> {
  let respond = responder;
  const posts: ReceivedPost[] = [];
  const server = createServer((request, response) => {
    parse(request).then(
      (parsed) => {
        const path = request.url ?? "/";
        const post: ReceivedPost = {
          ...parsed,
          path,
          to: decodeURIComponent(path.replace(/^\/ajax\//, "")),
          status: 0,
          confirmed: false,
        };
        const answer = respond(posts.length, post);
        post.status = answer.status;
        const success = (answer.body as { success?: unknown } | undefined)?.success;
        post.confirmed =
          answer.status >= 200 && answer.status < 300 && (success === true || success === "true");
        posts.push(post);
        const body = answer.body === undefined ? "" : JSON.stringify(answer.body);
        response.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
        response.end(body);
      },
      () => {
        response.writeHead(400).end();
      },
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/ajax/{to}`,
    posts,
    delivered: () => posts.filter((post) => post.confirmed),
    respondWith(next) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

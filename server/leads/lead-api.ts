import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import type { HttpBindings } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { cors } from "hono/cors";
import { fieldNames, findLeadForm, HONEYPOT_FIELD, validateLead } from "../../leads/forms.ts";
import { RESUME_MAX_BYTES } from "../../leads/resume.ts";
import { businessCalendarFromEnv } from "../calendar/calendar-env.ts";
import { leadDueAt } from "../calendar/response-clock.ts";
import type { ServerConfig } from "../config.ts";
import { clientAddressResolver, rateLimitKey } from "../http/client-address.ts";
import { allowedOriginsOf, judgeOrigin } from "../http/client-origin.ts";
import { confirmationPlan, confirmationSettingsOf } from "../mail/confirmation-plan.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import { newId } from "../store/ids.ts";
import { removeQuietly } from "../store/resume-files.ts";
import type { Store } from "../store/store.ts";
import { IDEMPOTENCY_WINDOW_MS } from "../store/store-records.ts";
import { isValidIdempotencyKey, payloadHash } from "./idempotency.ts";
import {
  type ErrorBody,
  type FormErrorCode,
  type LeadOutcome,
  NO_STORE,
  resultUrl,
  wantsJson,
} from "./lead-answers.ts";
import { IntakeError, readLeadBody } from "./lead-intake.ts";
import { type ApplicationOpening, applicationOpening, returnPage } from "./lead-opening.ts";
import { leadSourceOf } from "./lead-source.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { type UploadSlots, uploadSlots } from "./upload-slots.ts";

export interface LeadApiDeps {
  config: ServerConfig;
  logger: Logger;
  store: Pick<Store, "intake" | "openings">;
  /** Called after a lead is committed, so an in-process relay can send it at once. */
  onAccepted?: () => void;
  /** The uploads in flight, shared with the credential documents' page; one of its own when absent. */
  uploads?: UploadSlots;
  /** Called with what became of each post to a known form (the metrics count them). */
  onOutcome?: (formId: string, outcome: LeadOutcome) => void;
  now?: () => number;
}

export interface LeadApi {
  app: Hono;
  close(): Promise<void>;
}

const SPAM_FIELD_MAX = 5000;

/** The raw Node request when served by @hono/node-server, else the Web stream (tests via app.request). */
export function bodyStream(c: Context): Readable {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as unknown as NodeWebStream) : Readable.from([]);
}

/** Seconds a client refused for lack of upload slots is asked to wait. */
const UPLOAD_RETRY_AFTER_S = 5;

export async function createLeadApi({
  config,
  logger,
  store,
  onAccepted,
  onOutcome,
  uploads = uploadSlots(config.MAX_UPLOADS_IN_FLIGHT),
  now = Date.now,
}: LeadApiDeps): Promise<LeadApi> {
  const app = new Hono();
  const allowedOrigins = allowedOriginsOf(config.site.url, config.ALLOWED_ORIGINS);
  const siteOrigin = new URL(config.site.url).origin;
  const clientAddress = clientAddressResolver(config.TRUST_PROXY);
  const limiter = await createRateLimiter({
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    databaseUrl: config.DATABASE_URL,
  });
  const calendar = businessCalendarFromEnv(config);
  const confirmations = confirmationSettingsOf(config);

  // Cross-origin callers must be listed: others get a 403 before any work; listed ones get CORS headers.
  app.use("/leads/*", async (c, next) => {
    if (judgeOrigin(c.req.header("Origin"), c.req.header("Host"), allowedOrigins) !== "refused")
      return next();
    return c.json<ErrorBody>(
      { error: "forbidden_origin", message: "This site does not accept form posts from that origin." },
      403,
      NO_STORE,
    );
  });
  app.use(
    "/leads/*",
    cors({
      origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
      allowMethods: ["POST", "OPTIONS"],
      allowHeaders: ["Content-Type", "Accept", "Idempotency-Key"],
      exposeHeaders: ["Retry-After", "Idempotent-Replayed"],
      maxAge: 600,
    }),
  );

  app.post("/leads/:formId", async (c) => {
    const started = performance.now();
    const form = findLeadForm(c.req.param("formId"));
    if (!form) {
      return c.json<ErrorBody>(
        { error: "not_found", message: "There is no form with that id." },
        404,
        NO_STORE,
      );
    }
    const json = wantsJson(c);
    const log = (outcome: LeadOutcome, extra: Record<string, unknown> = {}) => {
      onOutcome?.(form.id, outcome);
      logger.info(
        { formId: form.id, outcome, ms: Math.round(performance.now() - started), ...extra },
        "lead",
      );
    };

    const fail = (
      status: 400 | 413 | 415 | 422 | 429 | 503,
      body: ErrorBody & { error: FormErrorCode },
      headers: Record<string, string> = {},
      page = form.page,
    ) => {
      log(body.error, { status });
      if (!json) return c.redirect(resultUrl(form, "error", page), 303);
      return c.json<ErrorBody>(body, status, { ...NO_STORE, ...headers });
    };
    const accepted = (id: string, replayed: boolean, page = form.page) => {
      if (!json) return c.redirect(resultUrl(form, "ok", page), 303);
      return c.json({ id, status: "accepted" }, 201, {
        ...NO_STORE,
        ...(replayed && { "Idempotent-Replayed": "true" }),
      });
    };

    const key = c.req.header("Idempotency-Key");
    if (key !== undefined && !isValidIdempotencyKey(key)) {
      return fail(400, {
        error: "invalid",
        message: "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
      });
    }

    // A form that takes a resume holds a temp file and a slot for as long as its body takes to arrive.
    const upload = form.acceptsResume && /^multipart\//i.test(c.req.header("Content-Type") ?? "");
    if (upload && !uploads.take()) {
      return fail(
        503,
        {
          error: "unavailable",
          message: "We are receiving many applications right now. Please retry shortly.",
        },
        { "Retry-After": String(UPLOAD_RETRY_AFTER_S), Connection: "close" },
      );
    }

    const waitSeconds = await limiter.hit(`${rateLimitKey(clientAddress(c))}|${form.id}`).catch((error) => {
      if (upload) uploads.release();
      throw error;
    });
    if (waitSeconds !== null) {
      if (upload) uploads.release();
      return fail(
        429,
        {
          error: "rate_limited",
          message: "Too many submissions from your address. Please wait a minute and retry.",
        },
        { "Retry-After": String(waitSeconds) },
      );
    }

    let received: Awaited<ReturnType<typeof readLeadBody>>;
    try {
      received = await readLeadBody(bodyStream(c), {
        contentType: c.req.header("Content-Type"),
        contentLength: c.req.header("Content-Length"),
        acceptsResume: form.acceptsResume,
        dataDir: config.dataDir,
        maxFileBytes: RESUME_MAX_BYTES,
      });
    } catch (error) {
      if (!(error instanceof IntakeError)) throw error;
      return fail(error.status, {
        error: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
      });
    } finally {
      if (upload) uploads.release();
    }

    const tempPath = received.resume?.tempPath;
    try {
      const spam = Boolean(received.fields[HONEYPOT_FIELD]?.trim());
      let fields: Record<string, string>;
      let opening: ApplicationOpening | undefined;
      if (spam) {
        // Kept for the operator to inspect, unvalidated: only the form's own field names, bounded.
        fields = Object.fromEntries(
          [...fieldNames(form), HONEYPOT_FIELD]
            .filter((name) => received.fields[name] !== undefined)
            .map((name) => [name, (received.fields[name] ?? "").slice(0, SPAM_FIELD_MAX)]),
        );
      } else {
        const validation = validateLead(form, received.fields);
        if (!validation.ok || !validation.data) {
          const page = json
            ? form.page
            : await returnPage(store.openings, form, received.fields.opening, now());
          return fail(
            400,
            { error: "invalid", message: "Some fields need attention.", fields: validation.fields },
            {},
            page,
          );
        }
        opening = await applicationOpening(store.openings, form, validation.data, now());
        fields = opening.fields;
      }

      const createdAt = now();
      const resume = received.resume;
      const host = c.req.header("Host");
      const source = leadSourceOf(
        received.fields,
        c.req.header("Referer"),
        (origin) => origin === siteOrigin || new URL(origin).host === host,
      );
      const outcome = await store.intake.acceptLead(
        {
          id: newId(),
          formId: form.id,
          state: spam ? "spam" : "pending",
          fields,
          resume: resume ?? undefined,
          source,
          createdAt,
          dueAt: leadDueAt({ formId: form.id, createdAt }, calendar),
          openingId: opening?.openingId ?? null,
          confirmation: confirmationPlan(
            { formId: form.id, state: spam ? "spam" : "pending", fields, opening: opening?.named },
            confirmations,
          ),
        },
        key === undefined
          ? undefined
          : {
              key,
              payloadHash: payloadHash(form.id, received.fields, resume?.sha256 ?? null),
              staleBefore: createdAt - IDEMPOTENCY_WINDOW_MS,
            },
      );
      if (outcome.kind === "conflict") {
        return fail(422, {
          error: "idempotency_conflict",
          message: "This Idempotency-Key was already used with a different submission.",
        });
      }
      if (outcome.kind === "replay") {
        log("replayed", { leadId: outcome.leadId });
        return accepted(outcome.leadId, true, opening?.page);
      }
      log(spam ? "spam" : "accepted", { leadId: outcome.leadId, resumeBytes: resume?.size ?? 0 });
      if (!spam) onAccepted?.();
      return accepted(outcome.leadId, false, opening?.page);
    } catch (error) {
      // Error messages from a database can quote values; log the kind of failure only.
      logger.error({ formId: form.id, err: errorKind(error) }, "lead store unavailable");
      return fail(503, {
        error: "unavailable",
        message: "We could not save your submission just now. Please try again in a moment.",
      });
    } finally {
      await removeQuietly(tempPath);
    }
  });

  return { app, close: () => limiter.close() };
}

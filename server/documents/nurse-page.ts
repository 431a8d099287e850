import { type Context, Hono } from "hono";
import { DOCUMENTS_PATH } from "../../config/route-paths.ts";
import { checkItemFields } from "../../leads/credential-fields.ts";
import { itemStatus } from "../../leads/credential-status.ts";
import { localDate } from "../calendar/business-calendar.ts";
import { businessCalendarFromEnv } from "../calendar/calendar-env.ts";
import type { ServerConfig } from "../config.ts";
import { clientAddressResolver, rateLimitKey } from "../http/client-address.ts";
import { allowedOriginsOf, judgeOrigin } from "../http/client-origin.ts";
import { bodyStream } from "../leads/lead-api.ts";
import { createRateLimiter } from "../leads/rate-limit.ts";
import type { UploadSlots } from "../leads/upload-slots.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import type { CredentialItem } from "../store/queries/credential-files.ts";
import type { Store } from "../store/store.ts";
import { documentKeyring } from "./document-crypto.ts";
import { linkOf } from "./document-links.ts";
import { readDocumentUpload, UploadRefused } from "./document-upload.ts";
import { checklistPage, goneLinkPage, type PageFrame, type PageItem } from "./nurse-page-html.ts";
import { submitItem } from "./submissions.ts";

export interface NursePageDeps {
  config: ServerConfig;
  logger: Logger;
  store: Pick<Store, "credentialLinks" | "credentials">;
  /** The uploads in flight, shared with the lead intake. */
  uploads: UploadSlots;
  /** The site's stylesheets, so the page has the site's look. */
  stylesheets: readonly string[];
  now?: () => number;
}

/** Seconds a nurse refused for lack of upload slots is asked to wait. */
const UPLOAD_RETRY_AFTER_S = 5;

/** A post whose fields do not do: the messages by field name. */
class FieldsRefused extends Error {
  readonly errors: Record<string, string>;
  readonly values: Record<string, string>;
  constructor(errors: Record<string, string>, values: Record<string, string>) {
    super("fields refused");
    this.errors = errors;
    this.values = values;
  }
}

/**
 * The nurse's page: `/documents/<token>` shows her checklist and `/documents/<token>/<item>` takes one item's
 * upload (a plain multipart post, answered by a 303 back to the page, or by the page with the messages). A token
 * that opens nothing (revoked, expired, never made), or anything else under /documents/, gets one and the same
 * 410 page. Without DOCUMENTS_KEY no link opens.
 */
export async function createNursePage({
  config,
  logger,
  store,
  uploads,
  stylesheets,
  now = Date.now,
}: NursePageDeps) {
  const app = new Hono();
  const keyring = config.DOCUMENTS_KEY
    ? documentKeyring(config.DOCUMENTS_KEY, config.DOCUMENTS_KEY_PREVIOUS)
    : undefined;
  const calendar = businessCalendarFromEnv(config);
  const allowedOrigins = allowedOriginsOf(config.site.url, config.ALLOWED_ORIGINS);
  const clientAddress = clientAddressResolver(config.TRUST_PROXY);
  // The intake's limit per address, counted apart from the applications' (across instances on PostgreSQL).
  const limiter = await createRateLimiter({
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    databaseUrl: config.DATABASE_URL,
    keyPrefix: "documents",
  });
  const frame: PageFrame = {
    companyName: config.site.company.name,
    phone: config.site.company.phone,
    phoneHref: config.site.company.phoneHref,
    stylesheets,
  };

  const gone = (c: Context) =>
    c.html(goneLinkPage(frame), 410, c.req.method === "POST" ? { Connection: "close" } : {});
  const openLink = async (token: string) => (keyring ? linkOf(store, token, now()) : null);
  /** The page's items; a refused post's item with what was sent and why it was refused. */
  const pageItems = (items: CredentialItem[], refused?: Refused): PageItem[] => {
    const today = localDate(now(), calendar);
    return items.map((item) => ({
      key: item.key,
      name: item.definition.name,
      ...itemStatus(item, today),
      document: item.definition.document === "required",
      fields: item.definition.fields,
      ...(refused?.key === item.key && { values: refused.values, errors: refused.errors }),
    }));
  };

  app.get("/:token", async (c) => {
    const link = await openLink(c.req.param("token"));
    if (!link) return gone(c);
    return c.html(
      checklistPage(frame, c.req.param("token"), pageItems(await store.credentials.items(link.leadId))),
    );
  });

  app.post("/:token/:item", async (c) => {
    if (!postedFromHere(c, allowedOrigins))
      return c.text("This site does not accept form posts from that origin.", 403, { Connection: "close" });
    const token = c.req.param("token");
    const link = await openLink(token);
    if (!link || !keyring) return gone(c);
    const items = await store.credentials.items(link.leadId);
    const item = items.find((candidate) => candidate.key === c.req.param("item"));
    if (!item) return gone(c);
    const pageWith = (
      status: 400 | 413 | 415 | 429 | 503,
      errors: Record<string, string>,
      values: Record<string, string> = {},
      headers: Record<string, string> = {},
    ) => {
      logger.info({ outcome: "refused", status }, "credential document");
      const page = checklistPage(frame, token, pageItems(items, { key: item.key, values, errors }));
      return c.html(page, status, { ...headers, Connection: "close" });
    };

    const upload = item.definition.document === "required";
    if (upload && !uploads.take())
      return pageWith(503, { document: BUSY }, {}, { "Retry-After": String(UPLOAD_RETRY_AFTER_S) });
    try {
      const waitSeconds = await limiter.hit(`${rateLimitKey(clientAddress(c))}|documents`);
      if (waitSeconds !== null)
        return pageWith(429, { document: TOO_MANY }, {}, { "Retry-After": String(waitSeconds) });
      let submitted = false;
      const submit = async (
        sent: Record<string, string>,
        document: Parameters<typeof submitItem>[2]["document"],
      ) => {
        const checked = checkItemFields(item.definition, sent);
        if (!checked.ok) throw new FieldsRefused(checked.errors, sent);
        await submitItem(store, keyring, {
          leadId: link.leadId,
          item,
          fields: checked.data,
          document,
          now: now(),
        });
        submitted = true;
      };
      let sent: Record<string, string> = {};
      try {
        const body = await readDocumentUpload(
          bodyStream(c),
          c.req.header("Content-Type"),
          (fields, document) => (upload ? submit(fields, document) : Promise.resolve()),
        );
        sent = body.fields;
        if (upload && !body.withDocument) {
          const fields = checkItemFields(item.definition, sent);
          return pageWith(
            400,
            {
              ...(!fields.ok && fields.errors),
              document: `Choose the photo or scan of your ${item.definition.name}.`,
            },
            sent,
          );
        }
        if (!upload) await submit(sent, null);
      } catch (error) {
        if (error instanceof FieldsRefused) return pageWith(400, error.errors, error.values);
        if (error instanceof UploadRefused) return pageWith(error.status, { document: error.message }, sent);
        throw error;
      }
      if (!submitted) return gone(c);
      logger.info({ outcome: "submitted", document: upload }, "credential document");
      return c.redirect(`${DOCUMENTS_PATH}/${encodeURIComponent(token)}#item-${item.key}`, 303);
    } catch (error) {
      logger.error({ err: errorKind(error) }, "credential document not saved");
      return pageWith(503, { document: NOT_SAVED });
    } finally {
      if (upload) uploads.release();
    }
  });

  app.all("*", gone);

  return { app, close: () => limiter.close() };
}

/**
 * The lead intake's check for a no-JavaScript post (a browser's cross-site post carries a foreign Origin), with one
 * case of the page's own: under its `Referrer-Policy: no-referrer` a browser sends its own form's post with the
 * opaque Origin `null`, which then passes only when the browser's fetch metadata says the post came from this
 * site (`Sec-Fetch-Site`, which no page can set). The token in the address is the other half: no other site has it.
 */
function postedFromHere(c: Context, allowedOrigins: Set<string>): boolean {
  const origin = c.req.header("Origin");
  const site = c.req.header("Sec-Fetch-Site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  if (origin === "null") return site === "same-origin";
  return judgeOrigin(origin, c.req.header("Host"), allowedOrigins) !== "refused";
}

interface Refused {
  key: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

const BUSY = "We are receiving many uploads right now. Please try again in a minute.";
const TOO_MANY = "Too many uploads from your address. Please wait a minute and try again.";
const NOT_SAVED = "We could not save your upload just now. Please try again in a moment.";

import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { StaffUser } from "../../../staff/api.ts";
import { inputRefusal, refusedInputOf } from "../../../staff/endpoint-shape.ts";
import {
  type Endpoint,
  type EndpointName,
  type ParamsOf,
  STAFF_ENDPOINTS,
  type StaffEndpoints,
} from "../../../staff/endpoints.ts";
import { may, maySeeLead } from "../../../staff/permissions.ts";
import type { LeadRecord } from "../../store/store-records.ts";
import { fail, Refusal } from "./refusals.ts";

/** The staff API's handlers see the signed-in person (set by the guard below). */
export type StaffEnv = { Variables: { staff: StaffUser } };

type EndpointOf<N extends EndpointName> = StaffEndpoints[N];
type SchemaOf<N extends EndpointName, K extends "query" | "request"> =
  EndpointOf<N> extends Record<K, z.ZodType> ? EndpointOf<N>[K] : never;

/** What a handler is given: who asks, the lead its path names, and readers of the query and the body. */
export interface EndpointInput<N extends EndpointName> {
  /** The signed-in person, whose role has the endpoint's permission (absent on the endpoints anyone may call). */
  staff: EndpointOf<N>["permission"] extends null ? undefined : StaffUser;
  /** The lead `:id` names, which the person's role may see. */
  lead: EndpointOf<N>["path"] extends `${string}:id${string}` ? LeadRecord : undefined;
  params: ParamsOf<N>;
  /** The query string read by the endpoint's schema; throws the endpoint's refusal when it does not match. */
  query(): z.output<SchemaOf<N, "query">>;
  /** The body read by the endpoint's schema; throws 400 when it is not JSON, the endpoint's refusal otherwise. */
  body(): Promise<z.output<SchemaOf<N, "request">>>;
}

/** What a handler returns: its JSON answer as the contract types it, nothing (204), or a whole Response (files). */
type ResultOf<N extends EndpointName> = EndpointOf<N>["answer"] extends z.ZodType
  ? z.input<EndpointOf<N>["answer"]>
  : EndpointOf<N>["answer"] extends null
    ? undefined
    : Response;

export type EndpointHandler<N extends EndpointName> = (
  input: EndpointInput<N>,
  c: Context<StaffEnv>,
) => Promise<ResultOf<N> | Refusal>;

export type EndpointHandlers = { [N in EndpointName]: EndpointHandler<N> };

export interface MountDeps {
  /** The signed-in person behind a request, or null. */
  staffOf(c: Context): Promise<StaffUser | null>;
  /** A lead by its id, whoever may see it (the mount applies the role's scope). */
  leadOf(id: string): Promise<LeadRecord | null>;
}

/**
 * Mounts every endpoint of the table (staff/endpoints.ts) on `app` with its handler. Before a handler runs, one
 * guard checks what the table says the endpoint needs: a session (401 without one), the permission (404 without
 * it, as if the endpoint did not exist), and for a path naming a lead, that the role may see it (404 otherwise,
 * whatever else the request holds). Handlers read the query and body only through the table's schemas.
 */
export function mountEndpoints(app: Hono<StaffEnv>, handlers: EndpointHandlers, deps: MountDeps) {
  for (const name of Object.keys(STAFF_ENDPOINTS) as EndpointName[]) {
    const endpoint = STAFF_ENDPOINTS[name];
    const handler = handlers[name] as EndpointHandler<EndpointName>;
    const refusalOf = (error: z.ZodError) => {
      const { status, error: code, message } = inputRefusal(endpoint as Endpoint, refusedInputOf(error));
      return new Refusal(status, code, message);
    };

    app.on(endpoint.method, endpoint.path, async (c) => {
      let staff: StaffUser | undefined;
      if (endpoint.permission !== null) {
        const found = await deps.staffOf(c);
        if (!found) return fail(c, 401, "unauthenticated");
        if (!may(found.role, endpoint.permission)) return fail(c, 404, "not_found", "No such API endpoint.");
        c.set("staff", found);
        staff = found;
      }
      let lead: LeadRecord | undefined;
      if (endpoint.path.includes(":id")) {
        const found = staff ? await deps.leadOf(c.req.param("id") ?? "") : null;
        if (
          !found ||
          !staff ||
          !maySeeLead(staff.role, { formId: found.formId, spam: found.state === "spam" })
        )
          return fail(c, 404, "not_found");
        lead = found;
      }
      const input = {
        staff,
        lead,
        params: c.req.param(),
        query() {
          const schema = "query" in endpoint ? (endpoint.query as z.ZodType) : undefined;
          if (!schema) return undefined;
          const asked = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
          const parsed = schema.safeParse(asked);
          if (!parsed.success) throw refusalOf(parsed.error);
          return parsed.data;
        },
        async body() {
          const schema = "request" in endpoint ? (endpoint.request as z.ZodType) : undefined;
          if (!schema) return undefined;
          let json: unknown;
          try {
            json = await c.req.json();
          } catch {
            throw new Refusal(400, "malformed");
          }
          const parsed = schema.safeParse(json);
          if (!parsed.success) throw refusalOf(parsed.error);
          return parsed.data;
        },
      } as EndpointInput<EndpointName>;

      let result: unknown;
      try {
        result = await handler(input, c);
      } catch (error) {
        if (error instanceof Refusal) return fail(c, error.status, error.error, error.message);
        throw error;
      }
      if (result instanceof Refusal) return fail(c, result.status, result.error, result.message);
      if (endpoint.answer === null) return c.body(null, 204);
      if (result instanceof Response) return result;
      return c.json(result as object, "status" in endpoint ? endpoint.status : 200);
    });
  }
}

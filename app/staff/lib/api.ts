import { redirect } from "react-router";
import { STAFF_PATH } from "~/route-paths";

/** The staff API's error body: a code for the program, a sentence for the person. */
export class StaffApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Seconds, from Retry-After on a 429. */
  readonly retryAfter: number | null;

  constructor(status: number, code: string, message: string, retryAfter: number | null = null) {
    super(message);
    this.name = "StaffApiError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

const FALLBACK_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * One call to the staff API: same-origin cookies, JSON both ways. Resolves to the parsed body (undefined
 * for 204) or throws a StaffApiError carrying the API's own message.
 */
export async function staffApi<T>(
  path: string,
  { method = "GET", body, signal }: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/staff${path}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StaffApiError(0, "network", "The server could not be reached. Check the connection and retry.");
  }
  if (response.status === 204) return undefined as T;
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { error, message } = (parsed ?? {}) as { error?: string; message?: string };
    const retryAfter = Number(response.headers.get("Retry-After"));
    throw new StaffApiError(
      response.status,
      error ?? "unknown",
      message ?? FALLBACK_MESSAGE,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return parsed as T;
}

/** Where sign-in sends a person back to: only a staff page, never another site. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith(STAFF_PATH) || next.startsWith("//")) return STAFF_PATH;
  const url = new URL(next, "http://staff.invalid");
  return url.origin === "http://staff.invalid" && url.pathname.startsWith(STAFF_PATH)
    ? `${url.pathname}${url.search}`
    : STAFF_PATH;
}

export function signInPath(from: URL): string {
  return `${STAFF_PATH}/sign-in?next=${encodeURIComponent(`${from.pathname}${from.search}`)}`;
}

/** For loaders: a 401 sends the person to sign in (and back here after); other errors go on. */
export async function loadOrSignIn<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    throw error;
  }
}

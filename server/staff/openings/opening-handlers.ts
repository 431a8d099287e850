import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import type { Openings } from "./openings.ts";

type OpeningEndpoints =
  | "openings"
  | "createOpening"
  | "opening"
  | "editOpening"
  | "publishOpening"
  | "pauseOpening"
  | "reopenOpening"
  | "closeOpening";

/** The openings' handlers: the staff list, one opening, a new one, an edit, and the four status changes. */
export function openingHandlers({
  openings,
}: {
  openings: Openings;
}): Pick<EndpointHandlers, OpeningEndpoints> {
  return {
    openings: async ({ staff, query }) => openings.list(staff.role, query().status),
    opening: async ({ params }) => openings.get(params.openingId),
    createOpening: async ({ staff, body }) => openings.create(staff, await body()),
    async editOpening({ staff, params, body }) {
      // An opening that does not exist is a 404 whatever the body holds.
      const found = await openings.get(params.openingId);
      return "opening" in found ? openings.edit(staff, params.openingId, await body()) : found;
    },
    publishOpening: async ({ staff, params }) => openings.move(staff, params.openingId, "publish"),
    pauseOpening: async ({ staff, params }) => openings.move(staff, params.openingId, "pause"),
    reopenOpening: async ({ staff, params }) => openings.move(staff, params.openingId, "reopen"),
    closeOpening: async ({ staff, params }) => openings.move(staff, params.openingId, "close"),
  };
}

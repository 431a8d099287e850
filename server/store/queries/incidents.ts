import { countOf, type Engine } from "../engine.ts";
import type { Channel } from "../store-records.ts";

/** What the alerts watch for (server/alerts/alerts.ts): a dead delivery, or a pending one waiting too long. */
export type IncidentKind = "dead" | "stuck";

export interface ChannelHealth {
  pending: number;
  dead: number;
  /** Creation time of the oldest lead this channel still has to deliver. */
  oldestPendingAt: number | null;
}

export interface StoreHealth {
  pending: number;
  dead: number;
  spam: number;
  oldestPendingAt: number | null;
  /** Deliveries by channel, for every channel that has any. */
  channels: Partial<Record<Channel, ChannelHealth>>;
}

/** What the health endpoints, the alerts and the metrics read and keep: how delivery stands, the open incidents. */
export interface Incidents {
  health(): Promise<StoreHealth>;
  /** The mail outbox's messages waiting and given up, and the oldest waiting one's creation (the metrics'). */
  mailBacklog(): Promise<ChannelHealth>;
  /** Opens an incident of this kind; true only for the caller that opened it (it was not open already). */
  openIncident(kind: IncidentKind, at: number): Promise<boolean>;
  /** Closes the incident; true if one was open. */
  resolveIncident(kind: IncidentKind): Promise<boolean>;
}

export function incidentQueries(engine: Engine): Incidents {
  const { db, write } = engine;
  return {
    async health() {
      const rows = await db
        .selectFrom("leads")
        .select((eb) => ["state", eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
        .where("state", "in", ["pending", "dead", "spam"])
        .groupBy("state")
        .execute();
      const find = (state: string) => rows.find((row) => row.state === state);
      const oldest = find("pending")?.oldest;
      const deliveries = await db
        .selectFrom("outbox as o")
        .innerJoin("leads as l", "l.id", "o.lead_id")
        .select((eb) => [
          "o.channel",
          "o.state",
          eb.fn.countAll<number>().as("count"),
          eb.fn.min("l.created_at").as("oldest"),
        ])
        .where("o.state", "in", ["pending", "dead"])
        .groupBy(["o.channel", "o.state"])
        .execute();
      const channels: Partial<Record<Channel, ChannelHealth>> = {};
      for (const row of deliveries) {
        const channel = channels[row.channel] ?? { pending: 0, dead: 0, oldestPendingAt: null };
        channels[row.channel] = channel;
        if (row.state === "dead") channel.dead = countOf(row.count);
        if (row.state === "pending") {
          channel.pending = countOf(row.count);
          channel.oldestPendingAt = row.oldest === null ? null : Number(row.oldest);
        }
      }
      return {
        pending: countOf(find("pending")?.count),
        dead: countOf(find("dead")?.count),
        spam: countOf(find("spam")?.count),
        oldestPendingAt: oldest === undefined || oldest === null ? null : Number(oldest),
        channels,
      };
    },

    async mailBacklog() {
      const rows = await db
        .selectFrom("mail_outbox")
        .select((eb) => ["state", eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
        .where("state", "in", ["pending", "dead"])
        .groupBy("state")
        .execute();
      const pending = rows.find((row) => row.state === "pending");
      const oldest = pending?.oldest;
      return {
        pending: countOf(pending?.count),
        dead: countOf(rows.find((row) => row.state === "dead")?.count),
        oldestPendingAt: oldest === undefined || oldest === null ? null : Number(oldest),
      };
    },

    openIncident(kind, at) {
      return write(async (trx) => {
        const opened = await trx
          .insertInto("alert_incidents")
          .values({ kind, opened_at: at })
          .onConflict((conflict) => conflict.column("kind").doNothing())
          .returning("kind")
          .executeTakeFirst();
        return opened !== undefined;
      });
    },

    resolveIncident(kind) {
      return write(async (trx) => {
        const closed = await trx.deleteFrom("alert_incidents").where("kind", "=", kind).executeTakeFirst();
        return Number(closed.numDeletedRows) > 0;
      });
    },
  };
}

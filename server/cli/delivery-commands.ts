import { createRelay } from "../relay/relay.ts";
import { createLogger } from "../runtime/logger.ts";
import { command, UsageError } from "./command.ts";

/** The outbox by hand: send leads again, or run the relay as a process of its own. */
export const deliveryCommands = [
  command({
    name: "retry",
    summary: "send a pending or dead lead again now (or, with --dead, every dead one)",
    synopsis: "<id> | --dead",
    options: { dead: { type: "boolean", description: "every dead lead instead of one" } },
    args: ["id?"],
    needs: "store",
    read(values, [id]): { dead: true } | { id: string } {
      if (values.dead === true && id === undefined) return { dead: true };
      if (values.dead !== true && id !== undefined) return { id };
      throw new UsageError(
        id === undefined ? "missing argument <id> (or --dead)" : "give a lead id or --dead, not both",
      );
    },
    async run(target, { store, io, now }) {
      if ("dead" in target) {
        const count = await store.operations.retryDead(now);
        io.out(`${count} dead lead(s) queued for delivery again.`);
        return 0;
      }
      const { id } = target;
      if (!(await store.operations.retry(id, now))) {
        const lead = await store.operations.get(id);
        io.err(
          lead
            ? `Lead ${id} is ${lead.state}; only pending or dead leads can be retried.`
            : `No lead with id ${id}.`,
        );
        return 1;
      }
      io.out(`Lead ${id} queued for delivery now.`);
      return 0;
    },
  }),

  command({
    name: "relay",
    summary:
      "run the relay worker (leads and, with SMTP_URL and MAIL_FROM, the mail outbox) alone until SIGTERM or SIGINT",
    synopsis: "",
    needs: "store",
    read: () => undefined,
    async run(_, { store, config }) {
      const logger = createLogger(config.LOG_LEVEL);
      // The confirmations and replies the web process queues go out from here too when its own worker is off.
      const worker = createRelay({ config, logger, store });
      worker.start();
      logger.info({ store: store.dialect, mail: worker.kinds.includes("mail") }, "relay running");
      await new Promise<void>((resolve) => {
        process.once("SIGTERM", () => resolve());
        process.once("SIGINT", () => resolve());
      });
      await worker.stop();
      logger.info("relay stopped");
      return 0;
    },
  }),
];

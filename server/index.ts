import { loadConfig } from "./config.ts";
import { createLogger, createLogOutput } from "./runtime/logger.ts";
import { beginStartup, startupFailureLine } from "./runtime/startup.ts";
import { REQUEST_GRACE_MS, SHUTDOWN_DEADLINE_MS, startSiteServer } from "./server.ts";
import { openStaffSide } from "./staff/staff-side.ts";

/** A step waiting on a disk, PostgreSQL or DNS gives up after this: failures end well within 15 s. */
const STARTUP_DEADLINE_MS = 10_000;

function failStartup(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The production server as a process: its log output, its signals and its exit (the server itself: server.ts). */
async function main() {
  const startup = beginStartup({ deadlineMs: STARTUP_DEADLINE_MS, onTimeout: failStartup });
  const config = await startup.step({ kind: "config" }, () => loadConfig());
  const logOutput = createLogOutput(config.LOG_BUFFER_BYTES);
  const logger = createLogger(config.LOG_LEVEL, logOutput.stream);
  const server = await startSiteServer({ config, logger, startup, staffSide: openStaffSide });

  // Once a stalled log reader has caught up, say how many lines it missed.
  let reportedDrops = 0;
  logOutput.onCaughtUp(() => {
    const dropped = logOutput.dropped();
    if (dropped === reportedDrops) return;
    logger.warn({ droppedLogLines: dropped, since: dropped - reportedDrops }, "log lines dropped");
    reportedDrops = dropped;
  });

  let stopping = false;
  // SIGTERM (systemd, a supervisor) drains first; SIGINT (Ctrl-C in a terminal) does not, and ends a drain.
  const cutDrain = new AbortController();
  const shutdown = async (signal: string) => {
    if (signal === "SIGINT") cutDrain.abort();
    if (stopping) return;
    stopping = true;
    const drainMs = signal === "SIGTERM" ? config.DRAIN_MS : 0;
    logger.info({ signal }, "shutting down");
    // The backstop: nothing below can block the event loop (logging included), so this timer always fires.
    setTimeout(() => {
      logger.error({ droppedLogLines: logOutput.dropped() }, "shutdown deadline passed, exiting");
      process.exit(1);
    }, drainMs + SHUTDOWN_DEADLINE_MS).unref();

    await server.drain(drainMs, cutDrain.signal);
    await server.stop(REQUEST_GRACE_MS);
    // Give a reader that is catching up the chance to see the last lines, within the deadline.
    await logOutput.flush(1000);
    logger.info({ droppedLogLines: logOutput.dropped() }, "stopped");
    await logOutput.flush(1000);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => failStartup(startupFailureLine(error)));

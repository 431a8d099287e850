import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Structured logs. Lead contents never reach a log call: callers pass ids, form ids,
 * outcomes and timings only. The redaction below is a second line of defence.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "site" },
      redact: {
        paths: ["name", "email", "phone", "message", "firstName", "lastName", "*.email", "*.phone", "*.name"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

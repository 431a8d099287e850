/**
 * What a hostile inbound message costs the server: readInboundMessage on messages of about 10 MB,
 * each shaped to hurt a MIME parser, beside a plain 10 MB message as the baseline, in one run. Reports the median
 * wall time of RUNS parses, the event loop's longest stall during them, and what came out.
 *
 *   node bench/inbound-mail.ts            (INBOUND_RUNS=3)
 */
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { InboundMailError, readInboundMessage } from "../server/mail/inbound-message.ts";
import { composeRaw } from "../server/mail/outgoing-mail.ts";
import { chunksOf } from "../test-support/inbound-mail.ts";

const RUNS = Number(process.env.INBOUND_RUNS ?? 3);
const MB = 1024 * 1024;
const SIZE = 9.9 * MB;
const HEAD = "From: ada@example.com\r\nSubject: bench\r\n";
const lines = (line: string, bytes: number) => line.repeat(Math.floor(bytes / line.length));

const SHAPES: Record<string, () => Promise<Buffer> | Buffer> = {
  "baseline: 10 MB of 78-byte lines": () => Buffer.from(`${HEAD}\r\n${lines(`${"x".repeat(76)}\r\n`, SIZE)}`),
  "one 10 MB line": () => Buffer.from(`${HEAD}\r\n${"x".repeat(SIZE)}`),
  "10 MB of bare line feeds": () => Buffer.from(`${HEAD}\r\n${"\n".repeat(SIZE)}`),
  "10 MB of CRLF": () => Buffer.from(`${HEAD}\r\n${lines("\r\n", SIZE)}`),
  "quoted-printable soft breaks": () =>
    Buffer.from(`${HEAD}Content-Transfer-Encoding: quoted-printable\r\n\r\n${lines("=\r\n", SIZE)}`),
  "base64 body of junk": () =>
    Buffer.from(`${HEAD}Content-Transfer-Encoding: base64\r\n\r\n${lines("!@#$", SIZE)}`),
  "7 MB attachment (base64)": () =>
    composeRaw({
      from: "ada@example.com",
      text: "hi",
      attachments: [{ filename: "a.bin", content: randomBytes(7 * MB) }],
    }),
  "199 attachments of 48 KB": () =>
    Buffer.from(
      `${HEAD}Content-Type: multipart/mixed; boundary="b"\r\n\r\n${Array.from(
        { length: 199 },
        () =>
          `--b\r\nContent-Disposition: attachment; filename=x\r\n\r\n${lines(`${"y".repeat(76)}\r\n`, 48 * 1024)}\r\n`,
      ).join("")}--b--\r\n`,
    ),
  "boundary that never comes": () =>
    Buffer.from(`${HEAD}Content-Type: multipart/mixed; boundary="nope"\r\n\r\n${lines("--nop\r\n", SIZE)}`),
  "HTML only, 1 MB of nested divs": () =>
    Buffer.from(
      `${HEAD}Content-Type: text/html\r\n\r\n${"<div>".repeat(100_000)}x${"</div>".repeat(100_000)}`,
    ),
};

async function measure(raw: Buffer) {
  const times: number[] = [];
  let worstStallMs = 0;
  let outcome = "";
  for (let run = 0; run < RUNS; run++) {
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const started = performance.now();
    try {
      const mail = await readInboundMessage(chunksOf(raw));
      outcome = `text ${mail.text.length} chars (${mail.textFrom}), ${mail.attachments.length} attachment(s)`;
    } catch (error) {
      outcome = error instanceof InboundMailError ? `refused: ${error.problem}` : String(error);
    }
    times.push(performance.now() - started);
    stalls.disable();
    worstStallMs = Math.max(worstStallMs, stalls.max / 1e6);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? 0, worstStallMs, outcome };
}

console.log(`| message | MB | median ms (${RUNS} runs) | longest event-loop stall ms | result |`);
console.log("|---|---|---|---|---|");
for (const [name, make] of Object.entries(SHAPES)) {
  const raw = await make();
  const { medianMs, worstStallMs, outcome } = await measure(raw);
  console.log(
    `| ${name} | ${(raw.length / MB).toFixed(1)} | ${Math.round(medianMs)} | ${Math.round(worstStallMs)} | ${outcome} |`,
  );
}

import type { Context } from "hono";

/** A file as a download (or, `inline`, shown in place), whatever its sender named it: never run, never sniffed. */
export function sendFile(
  c: Context,
  file: { name: string; fallbackName: string; type: string; size: number; body: ReadableStream | Uint8Array },
  { inline = false } = {},
) {
  const name = file.name.replace(/[^\w.\- ]/g, "_") || file.fallbackName;
  return c.body(file.body instanceof Uint8Array ? new Uint8Array(file.body) : file.body, 200, {
    "Content-Type": file.type,
    "Content-Length": String(file.size),
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  });
}

/** A file that came with a message, answered whatever the sender named and typed it: downloaded, never shown or run. */
export const sendAttachment = (c: Context, file: { filename: string; content: Uint8Array }) =>
  sendFile(c, {
    name: file.filename,
    fallbackName: "attachment",
    type: "application/octet-stream",
    size: file.content.byteLength,
    body: file.content,
  });

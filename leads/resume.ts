/** The optional resume on the nurse application: what the browser and the API accept. */
export const RESUME_FIELD = "resume";
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;
export const RESUME_ACCEPT = RESUME_EXTENSIONS.join(",");

export type ResumeProblem = "type" | "size" | "empty";

export const RESUME_MESSAGES: Record<ResumeProblem, string> = {
  type: "Your resume must be a PDF, DOC or DOCX file.",
  size: "Your resume must be 10 MB or smaller.",
  empty: "Your resume file is empty.",
};

/** The title of the notice that refuses a resume; RESUME_MESSAGES gives the reason. */
export const RESUME_NOTICE_TITLE = "Resume Not Accepted";

/** Checks what a file says about itself (name and size); the API also checks its bytes. */
export function checkResume(file: { name: string; size: number }): ResumeProblem | null {
  const name = file.name.toLowerCase();
  if (!RESUME_EXTENSIONS.some((extension) => name.endsWith(extension))) return "type";
  if (file.size > RESUME_MAX_BYTES) return "size";
  if (file.size === 0) return "empty";
  return null;
}

export type ResumeKind = "pdf" | "docx" | "doc";

/** The media type each kind travels under. */
export const RESUME_TYPES: Record<ResumeKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
};

/** A first look at a resume's leading bytes, whatever its name says; the API then checks the whole file by content. */
export function sniffResume(head: Uint8Array): ResumeKind | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf"; // %PDF-
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "docx"; // PK\x03\x04 (zip)
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return "doc"; // OLE compound file
  return null;
}

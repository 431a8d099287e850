import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";
import { formatDateTime } from "~/staff/lib/format";
import type { Note } from "../../../staff/leads-api.ts";
import { NOTE_MAX } from "../../../staff/limits.ts";

/** Internal notes, oldest first, and a box for the next one (emptied once it is saved). */
export function NotesPanel({ notes }: { notes: Note[] }) {
  const fetcher = useFetcher<LeadActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "note") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="flex flex-col gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-surface p-3">
              <p className="text-sm whitespace-pre-wrap text-ink">{note.text}</p>
              <p className="mt-1 text-xs text-muted">
                {note.author?.name ?? "A former colleague"} ·{" "}
                <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form method="post" ref={form} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="note" />
        <Label htmlFor={id}>Add a note</Label>
        <Textarea id={id} name="text" required maxLength={NOTE_MAX} rows={3} />
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"} className="self-start">
          Add note
        </Button>
      </fetcher.Form>
    </div>
  );
}

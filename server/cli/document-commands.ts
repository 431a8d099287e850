import { documentKeyring } from "../documents/document-crypto.ts";
import { rotateDocumentKey } from "../documents/rotate-key.ts";
import { command } from "./command.ts";

/** The nurses' credential documents, encrypted at rest under DOCUMENTS_KEY. */
export const documentCommands = [
  command({
    name: "documents rotate-key",
    summary:
      "re-encrypt every credential document under DOCUMENTS_KEY (reading old files with DOCUMENTS_KEY_PREVIOUS)",
    synopsis: "",
    notes: [
      "Set the new key as DOCUMENTS_KEY and the old one as DOCUMENTS_KEY_PREVIOUS on every instance, restart them,",
      "then run this once. Interrupted, run it again: it finishes, and no file is lost. Then unset",
      "DOCUMENTS_KEY_PREVIOUS and restart again.",
    ],
    needs: "store",
    read: () => undefined,
    async run(_, { config, io, store }) {
      if (!config.DOCUMENTS_KEY) {
        io.err(
          "documents rotate-key needs DOCUMENTS_KEY, the new key (make one with `openssl rand -base64 32`).",
        );
        return 1;
      }
      const keyring = documentKeyring(config.DOCUMENTS_KEY, config.DOCUMENTS_KEY_PREVIOUS);
      const result = await rotateDocumentKey(store.credentials, keyring);
      io.out(
        `Re-encrypted ${result.rotated + result.recorded} document(s) under key ${keyring.current.id}` +
          (result.recorded > 0 ? ` (${result.recorded} of them by an interrupted run, recorded now).` : "."),
      );
      for (const { id, problem } of result.unreadable)
        io.err(`Document ${id} was left as it was: ${problem}.`);
      if (result.unreadable.length > 0)
        io.err(
          "Give the key those documents are under as DOCUMENTS_KEY_PREVIOUS, or restore their files, then run this again.",
        );
      return result.unreadable.length > 0 ? 1 : 0;
    },
  }),
];

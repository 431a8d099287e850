import { startIslands } from "~/islands/start-islands";
import { rememberLanding } from "~/lib/lead-source";

// The island entry (decision 021): the page's inline bootstrap loads this module once the page has painted
// (islands-script.tsx). It notes where the visit started (decision 017), then starts the page's islands.
rememberLanding();
void startIslands();

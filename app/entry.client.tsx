import { afterFirstPaint } from "./islands/after-first-paint";
import { startIslands } from "./islands/start-islands";
import { rememberLanding } from "./lib/lead-source";

// The island entry (decision 021): every page loads this module and nothing else up front. It notes where the
// visit started (issue 16), then, once the page has painted, starts the page's islands.
rememberLanding();
afterFirstPaint(() => void startIslands());

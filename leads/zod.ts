import { z } from "zod";

// zod 4 probes `new Function` for its JIT the first time an object schema is built; the browser's CSP
// (no 'unsafe-eval') blocks that and reports a violation, so there the JIT is off before any schema
// exists (every schema module imports z from here). The server has no such policy and keeps the faster path.
z.config({ jitless: typeof window !== "undefined" });

export { z };

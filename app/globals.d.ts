import type { SiteConfig } from "../config/site.ts";

declare global {
  /** The site configuration, resolved from the environment at build time (vite.config.ts). */
  const __SITE__: SiteConfig;
}

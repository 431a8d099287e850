import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { readSiteConfig } from "../../config/site.ts";

// The build injects __SITE__; tests read the placeholder defaults.
(globalThis as { __TEST_SITE__?: unknown }).__TEST_SITE__ = readSiteConfig({});

afterEach(() => cleanup());

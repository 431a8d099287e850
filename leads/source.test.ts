import { brotliCompressSync } from "node:zlib";
import { build } from "rolldown";
import { describe, expect, it } from "vitest";
import { originOf, parseLeadSource, SOURCE_MAX } from "./source.ts";

describe("parseLeadSource", () => {
  it("keeps pages, the referrer's origin and UTM tags, and nothing else of a post", () => {
    expect(
      parseLeadSource({
        name: "Dana",
        email: "dana@example.com",
        source_page: "/chart-assist",
        landing_page: "/?utm_campaign=fall#top",
        referrer: "https://news.example.org/issues/12?subscriber=dana%40example.com",
        utm_source: " newsletter ",
        utm_campaign: "fall",
        utm_medium: "",
      }),
    ).toEqual({
      source_page: "/chart-assist",
      landing_page: "/",
      referrer: "https://news.example.org",
      utm_source: "newsletter",
      utm_campaign: "fall",
    });
  });

  it("cuts overlong values and drops malformed ones, never refusing", () => {
    const source = parseLeadSource({
      source_page: `/${"p".repeat(400)}`,
      landing_page: "https://evil.example/path",
      referrer: "javascript:alert(1)",
      utm_campaign: "c".repeat(1000),
      utm_source: "\u0000\u0007news\u009f",
      utm_term: "\u0001\u0002",
      utm_content: 42 as unknown as string,
    });
    expect(source).toEqual({ utm_campaign: "c".repeat(SOURCE_MAX), utm_source: "news" });
  });

  it("takes only a path of this site as a page", () => {
    for (const page of ["//evil.example/x", "/\\evil.example", "chart-assist", "http://x/y", ""]) {
      expect(parseLeadSource({ source_page: page })).toEqual({});
    }
    expect(parseLeadSource({ source_page: "/carestaff/careers?x=1" })).toEqual({
      source_page: "/carestaff/careers",
    });
  });

  it("reduces a referrer to its origin, for http and https only", () => {
    expect(originOf("https://user:pass@search.example:8443/q?x=1")).toBe("https://search.example:8443");
    expect(originOf("android-app://com.example")).toBeUndefined();
    expect(originOf("not a url")).toBeUndefined();
  });
});

describe("the browser's share", () => {
  it("adds less than 1 KB (brotli) to a public page's first load", async () => {
    const { output } = await build({
      input: new URL("../app/lib/lead-source.ts", import.meta.url).pathname,
      write: false,
      output: { format: "esm", minify: true },
    });
    const code = output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("");
    expect(code.length).toBeGreaterThan(200);
    expect(brotliCompressSync(code).length).toBeLessThan(1024);
  });
});

import { describe, expect, it } from "vitest";
import { httpOriginOf } from "../checks/origin.ts";
import { allowedOriginsOf, judgeOrigin } from "./client-origin.ts";

describe("which origins may post a lead", () => {
  const allowed = allowedOriginsOf("https://www.northwind.example/some/path", [
    "https://partner.example:8443/",
    "not a url",
  ]);

  it("allows the site's own origin and the listed ones, as origins, and skips an entry that is not a URL", () => {
    expect([...allowed]).toEqual(["https://www.northwind.example", "https://partner.example:8443"]);
  });

  it("tells a post without Origin, a listed origin, the request's own host and anyone else apart", () => {
    expect(judgeOrigin(undefined, "www.northwind.example", allowed)).toBe("none");
    expect(judgeOrigin("", "www.northwind.example", allowed)).toBe("none");
    expect(judgeOrigin("https://partner.example:8443", "www.northwind.example", allowed)).toBe("allowed");
    expect(judgeOrigin("https://www.northwind.example", "elsewhere.example", allowed)).toBe("allowed");
    // Reached under another name than SITE_URL (an internal host name, say): same origin as the request.
    expect(judgeOrigin("http://10.0.0.5:3000", "10.0.0.5:3000", allowed)).toBe("same");
    expect(judgeOrigin("https://evil.example", "www.northwind.example", allowed)).toBe("refused");
    expect(judgeOrigin("https://evil.example", undefined, allowed)).toBe("refused");
    expect(judgeOrigin("null", "www.northwind.example", allowed)).toBe("refused");
    expect(judgeOrigin("http://10.0.0.5:3001", "10.0.0.5:3000", allowed)).toBe("refused");
  });
});

describe("an http(s) origin and nothing else", () => {
  it.each([
    ["https://partner.example.org", "https://partner.example.org"],
    ["https://partner.example.org:8443/", "https://partner.example.org:8443"],
    ["HTTP://Partner.Example.org:80", "http://partner.example.org"],
  ])("reads %s as %s", (entry, origin) => {
    expect(httpOriginOf(entry)).toBe(origin);
  });

  it.each([
    "partner.example.org:8443",
    "partner.example.org",
    "null",
    "ftp://partner.example.org",
    "data:text/html,hi",
    "javascript:alert(1)",
    "https://partner.example.org/app",
    "https://partner.example.org/?from=x",
    "https://user:pass@partner.example.org",
  ])("refuses %s", (entry) => {
    expect(httpOriginOf(entry)).toBeUndefined();
  });

  it("never allows the opaque origin null, whatever the list held", () => {
    // Read as a URL, `partner.example.org:8443` is the scheme `partner.example.org:`, whose origin is "null".
    const allowed = allowedOriginsOf("https://www.northwind.example", ["partner.example.org:8443", "null"]);
    expect([...allowed]).toEqual(["https://www.northwind.example"]);
    expect(judgeOrigin("null", "www.northwind.example", new Set(["null"]))).toBe("refused");
  });
});

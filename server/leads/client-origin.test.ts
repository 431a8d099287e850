import { describe, expect, it } from "vitest";
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

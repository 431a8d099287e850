import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leadSource, rememberLanding } from "./lead-source";

function visit(url: string, referrer = "") {
  history.replaceState(null, "", url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
}

describe("lead source in the browser", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => visit("/"));

  it("notes the landing page, its UTM tags and the referring site's origin, once per tab", () => {
    visit(
      "/?utm_source=newsletter&utm_campaign=fall&email=someone%40example.com",
      "https://news.example.org/issues/12?subscriber=dana",
    );
    rememberLanding();
    visit("/carestaff?utm_campaign=winter", "http://localhost:3000/");
    rememberLanding();
    visit("/chart-assist");

    expect(leadSource()).toEqual({
      landing_page: "/",
      utm_source: "newsletter",
      utm_campaign: "fall",
      referrer: "https://news.example.org",
      source_page: "/chart-assist",
    });
  });

  it("keeps no referrer from this site and no other query parameter", () => {
    visit("/about?ref=x&utm_medium=email", `${location.origin}/team?q=1`);
    rememberLanding();
    expect(leadSource()).toEqual({ landing_page: "/about", utm_medium: "email", source_page: "/about" });
  });

  it("cuts a long tag in the browser already", () => {
    visit(`/?utm_term=${"t".repeat(300)}`);
    rememberLanding();
    expect(leadSource().utm_term).toHaveLength(255);
  });

  it("sends the form page alone when storage is unreadable", () => {
    sessionStorage.setItem("lead-source", "{not json");
    visit("/health-admin");
    expect(leadSource()).toEqual({ source_page: "/health-admin" });
  });

  it("uses sessionStorage only: no cookie and nothing in localStorage", () => {
    visit("/?utm_campaign=fall", "https://news.example.org/");
    rememberLanding();
    expect(document.cookie).toBe("");
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem("lead-source")).toContain("fall");
  });
});

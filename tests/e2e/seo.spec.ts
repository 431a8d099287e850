import { expect, type Page, test } from "@playwright/test";
import { indexablePaths, openPage, publicPaths, ROUTES, site } from "./support/pages.ts";

/** Search: titles, descriptions, canonical and social tags, JSON-LD, sitemap and robots, the 404's noindex. */

// Nothing here depends on the viewport: run once, on the desktop project.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");

type JsonLd = Record<string, unknown> & { "@type"?: string };

interface OrganizationLd {
  name: string;
  url: string;
  logo: string;
  address: { "@type": string; streetAddress?: string; addressCountry?: string };
  contactPoint: { "@type": string; email?: string; telephone?: string }[];
  hasOfferCatalog: { itemListElement: { itemOffered: { "@type": string; name: string; url: string } }[] };
}

interface OfferLd {
  name: string;
  description?: string;
  price?: number;
  priceSpecification?: Record<string, unknown>;
}

interface ServiceLd {
  name: string;
  provider?: { "@id": string };
  offers: OfferLd[];
}

interface BreadcrumbLd {
  itemListElement: { position: number; name: string; item: string }[];
}

async function headFacts(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) => document.querySelector<HTMLMetaElement>(selector)?.content ?? null;
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      canonicalCount: document.querySelectorAll('link[rel="canonical"]').length,
      robots: meta('meta[name="robots"]'),
      og: Object.fromEntries(
        [...document.querySelectorAll<HTMLMetaElement>('meta[property^="og:"]')].map((tag) => [
          tag.getAttribute("property"),
          tag.content,
        ]),
      ),
      twitter: Object.fromEntries(
        [...document.querySelectorAll<HTMLMetaElement>('meta[name^="twitter:"]')].map((tag) => [
          tag.name,
          tag.content,
        ]),
      ),
      h1s: document.querySelectorAll("h1").length,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
    };
  });
}

const expectedUrl = (path: string) => `${site.url}${path}`;

test.describe("every route", () => {
  for (const path of publicPaths) {
    test(`${path}: title, description, canonical, social tags, one h1, lang`, async ({ page }) => {
      const response = await openPage(page, path);
      expect(response?.status()).toBe(200);
      const head = await headFacts(page);

      expect(head.lang).toBe("en");
      expect(head.h1s, "exactly one h1").toBe(1);
      expect(head.title.length, "title length").toBeGreaterThanOrEqual(10);
      expect(head.title.length, "title length (search results cut at ~60)").toBeLessThanOrEqual(70);
      expect(head.description?.length ?? 0, "description of at least 50 characters").toBeGreaterThanOrEqual(
        50,
      );
      expect(head.description?.length ?? 0, "description within ~160 characters").toBeLessThanOrEqual(170);

      expect(head.canonicalCount).toBe(1);
      expect(head.canonical).toBe(expectedUrl(path));
      expect(head.robots, "public pages are indexable").toBeNull();

      expect(head.og["og:title"]).toBe(head.title);
      expect(head.og["og:description"]).toBe(head.description);
      expect(head.og["og:url"]).toBe(expectedUrl(path));
      expect(head.og["og:type"]).toBe("website");
      expect(head.og["og:image"]).toBe(expectedUrl("/og-image.png"));
      expect(head.og["og:image:width"]).toBe("1200");
      expect(head.og["og:image:height"]).toBe("630");
      expect(head.og["og:image:alt"]).toBeTruthy();
      expect(head.twitter["twitter:card"]).toBe("summary_large_image");
      expect(head.twitter["twitter:title"]).toBe(head.title);
      expect(head.twitter["twitter:description"]).toBe(head.description);
      expect(head.twitter["twitter:image"]).toBe(expectedUrl("/og-image.png"));
    });
  }

  test("titles and descriptions are unique across routes", async ({ page }) => {
    const titles = new Map<string, string[]>();
    const descriptions = new Map<string, string[]>();
    for (const path of publicPaths) {
      await page.goto(path);
      const { title, description } = await headFacts(page);
      titles.set(title, [...(titles.get(title) ?? []), path]);
      descriptions.set(description ?? "", [...(descriptions.get(description ?? "") ?? []), path]);
    }
    const duplicates = (map: Map<string, string[]>) =>
      [...map.entries()]
        .filter(([, paths]) => paths.length > 1)
        .map(([text, paths]) => `${paths.join(", ")}: ${text}`);
    expect(duplicates(titles), "duplicate titles").toEqual([]);
    expect(duplicates(descriptions), "duplicate descriptions").toEqual([]);
  });
});

test.describe("JSON-LD", () => {
  async function blocksOn(page: Page, path: string): Promise<JsonLd[]> {
    await openPage(page, path);
    const { jsonLd } = await headFacts(page);
    return jsonLd.map((text) => JSON.parse(text) as JsonLd);
  }

  for (const path of publicPaths) {
    test(`${path}: parses and carries the Organization`, async ({ page }) => {
      const blocks = await blocksOn(page, path);
      for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
      const organizations = blocks.filter((block) => block["@type"] === "Organization");
      expect(organizations).toHaveLength(1);
      const org = organizations[0] as unknown as OrganizationLd;
      expect(org.name).toBe(site.company.name);
      expect(org.url).toBe(`${site.url}/`);
      expect(org.logo).toBe(expectedUrl("/logo.png"));
      expect(org.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "US" });
      expect(org.address.streetAddress).toBeTruthy();
      expect(org.contactPoint).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            "@type": "ContactPoint",
            email: site.email.contact,
            telephone: expect.any(String),
          }),
        ]),
      );
      const offered = org.hasOfferCatalog.itemListElement.map((offer) => offer.itemOffered);
      expect(offered.map((service) => service.name)).toEqual(["ChartAssist", "CareStaff", "CareWorks"]);
      for (const service of offered) {
        expect(service["@type"]).toBe("Service");
        expect(service.url.startsWith(site.url)).toBe(true);
      }
    });
  }

  test("/chart-assist: a Service with the pricing as Offers, matching the prices on the page", async ({
    page,
  }) => {
    const blocks = await blocksOn(page, ROUTES.chartAssist);
    const service = blocks.find((block) => block["@type"] === "Service") as ServiceLd | undefined;
    expect(service, "Service block").toBeTruthy();
    expect(service?.name).toBe("ChartAssist");
    expect(service?.provider?.["@id"]).toBe(`${site.url}/#organization`);
    const offers = service?.offers ?? [];

    // The markup and the visible pricing must not drift apart: every plan card on the page, its offer.
    const cards = page.locator("#pricing li").filter({ has: page.getByRole("heading", { level: 3 }) });
    const shown = await cards.evaluateAll((items) =>
      items.map((item) => ({
        name: item.querySelector("h3")?.textContent ?? "",
        summary: item.querySelector("h3 + p")?.textContent ?? "",
        price: item.querySelector(".text-4xl")?.textContent ?? "",
      })),
    );
    expect(shown.length).toBeGreaterThan(1);
    for (const plan of shown) {
      const offer = offers.find((candidate) => candidate.name === plan.name);
      expect(offer, plan.name).toBeTruthy();
      expect(offer?.description).toBe(plan.summary);
      const amount = offer?.priceSpecification?.price;
      if (plan.price.startsWith("$")) {
        expect(offer?.priceSpecification).toMatchObject({
          "@type": "UnitPriceSpecification",
          priceCurrency: "USD",
          unitText: "MONTH",
        });
        expect(`$${Number(amount).toLocaleString("en-US")}`).toBe(plan.price);
      } else {
        expect(offer?.price).toBeUndefined();
        expect(offer?.priceSpecification).toBeUndefined();
      }
    }
  });

  test("nested routes carry a BreadcrumbList through their parent", async ({ page }) => {
    for (const [path, names] of [
      [ROUTES.careers, ["Home", "CareStaff", "Careers"]],
      [ROUTES.payroll, ["Home", "CareStaff", "Pass-Through Payroll"]],
      [ROUTES.about, ["Home", "About Us"]],
    ] as const) {
      const blocks = await blocksOn(page, path);
      const trail = blocks.find((block) => block["@type"] === "BreadcrumbList") as BreadcrumbLd | undefined;
      expect(trail, `${path} BreadcrumbList`).toBeTruthy();
      const items = trail?.itemListElement ?? [];
      expect(items.map((item) => item.name)).toEqual(names);
      expect(items.map((item) => item.position)).toEqual(names.map((_, index) => index + 1));
      expect(items.at(-1)?.item).toBe(expectedUrl(path));
      expect(items[0]?.item).toBe(`${site.url}/`);
    }
  });

  test("the home page carries no breadcrumbs", async ({ page }) => {
    const blocks = await blocksOn(page, ROUTES.home);
    expect(blocks.some((block) => block["@type"] === "BreadcrumbList")).toBe(false);
  });
});

test.describe("crawler files", () => {
  test("sitemap.xml lists every indexable route, absolute, and nothing else", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.sort()).toEqual(indexablePaths.map(expectedUrl).sort());
    expect(locs).not.toContain(expectedUrl(ROUTES.login));
    expect(xml).not.toContain("/404");
  });

  test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    expect(text).toContain(`Sitemap: ${expectedUrl("/sitemap.xml")}`);
  });

  for (const [file, width, height] of [
    ["/og-image.png", 1200, 630],
    ["/logo.png", 512, 512],
  ] as const) {
    test(`${file} is a ${width}x${height} PNG`, async ({ request }) => {
      const response = await request.get(file);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = await response.body();
      expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    });
  }
});

test("an unknown path answers 404 with noindex and the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  const head = await headFacts(page);
  expect(head.robots).toBe("noindex");
  expect(head.canonical, "a 404 names no canonical address").toBeNull();
  expect(head.lang).toBe("en");
});

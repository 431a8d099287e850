import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { ourStory } from "~/content/about";
import { careStaffHero } from "~/content/carestaff";
import { chartAssistHero, pricing } from "~/content/chart-assist";
import { careWorksHero } from "~/content/health-admin";
import { homeHero } from "~/content/home";
import { services, site } from "~/content/site";
import { meta as careStaffMeta } from "~/routes/carestaff";
import { meta as chartAssistMeta } from "~/routes/chart-assist";
import { meta as careWorksMeta } from "~/routes/health-admin";
import { meta as homeMeta } from "~/routes/home";
import { dollars, structuredDataFor } from "./structured-data";

// The JSON-LD states what the content modules state; a price changed in content reaches it.

type Block = Record<string, unknown>;

/** The JSON-LD blocks a route's meta export puts in the page's head. */
function jsonLdOf(meta: (args: never) => MetaDescriptor[] | undefined): Block[] {
  return (meta({} as never) ?? []).flatMap((tag) =>
    "script:ld+json" in tag ? [tag["script:ld+json"] as Block] : [],
  );
}
const ofType = (blocks: Block[], type: string): Block =>
  blocks.find((block) => block["@type"] === type) ?? {};
const offersOf = (service: Block) => service.offers as Block[];

describe("JSON-LD agrees with the content modules", () => {
  it("the Organization's slogan, founding year and services are the ones the pages show", () => {
    const organization = ofType(jsonLdOf(homeMeta), "Organization");
    expect(organization.slogan).toBe(homeHero.title);
    expect(organization.foundingDate).toBe(ourStory.founded.year);
    const catalog = organization.hasOfferCatalog as { itemListElement: { itemOffered: Block }[] };
    expect(catalog.itemListElement.map((offer) => offer.itemOffered.name)).toEqual(
      services.map((service) => service.name),
    );
    expect(catalog.itemListElement.map((offer) => offer.itemOffered.url)).toEqual(
      services.map((service) => `${site.url}${service.href}`),
    );
  });

  it.each([
    ["ChartAssist", chartAssistMeta, chartAssistHero.intro],
    ["CareStaff", careStaffMeta, careStaffHero.intro],
    ["CareWorks", careWorksMeta, careWorksHero.intro],
  ])("the %s page's Service is described by its hero", (name, meta, intro) => {
    const service = ofType(jsonLdOf(meta), "Service");
    expect(service.name).toBe(name);
    expect(service.description).toBe(intro);
  });

  it("every ChartAssist plan's offer has the price and summary its card shows", () => {
    const offers = offersOf(ofType(jsonLdOf(chartAssistMeta), "Service"));
    for (const plan of pricing.plans) {
      const offer = offers.find((candidate) => candidate.name === plan.name);
      expect(offer, plan.name).toBeDefined();
      expect(offer?.description).toBe(plan.summary);
      const specification = offer?.priceSpecification as { price: number; unitText: string } | undefined;
      if (plan.price.startsWith("$")) {
        // Written back the way the card writes it, so the check does not rely on the parser under test.
        expect(`$${specification?.price.toLocaleString("en-US")}`).toBe(plan.price);
        expect(specification?.unitText).toBe("MONTH");
      } else {
        expect(specification).toBeUndefined();
      }
    }
    expect(offers.at(-1)).toMatchObject({ price: 0, description: pricing.trial });
  });
});

describe("JSON-LD is derived, not restated", () => {
  it("a price changed in the content is the price in the markup", () => {
    const [first, ...rest] = pricing.plans;
    if (!first) throw new Error("no plans");
    const changed = { plans: [{ ...first, price: "$2,149.50" }, ...rest], trial: pricing.trial };
    const blocks = structuredDataFor(site, "/chart-assist", {
      indexable: true,
      servicePage: { service: "chartassist", description: "d", pricing: changed },
    }) as Block[];
    const offer = offersOf(ofType(blocks, "Service")).find((o) => o.name === first.name);
    expect(offer?.priceSpecification).toMatchObject({ price: 2149.5, minPrice: 2149.5 });
  });

  it("reads dollar amounts, leaves prices on request out, and refuses what it cannot read", () => {
    expect(dollars("$1,999")).toBe(1999);
    expect(dollars("$10")).toBe(10);
    expect(dollars("Custom")).toBeNull();
    expect(() => dollars("$1.999,00")).toThrow(/cannot read the price/);
    expect(() => dollars("$ 1999")).toThrow(/cannot read the price/);
  });
});

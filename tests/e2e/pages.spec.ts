import { expect, type Page, test } from "@playwright/test";
import { ROUTES, site } from "./support/pages.ts";

/** Each page's h1, its section headings (h2, in order) and the spec's figures and quoted strings. */
const pages: { path: string; h1: string; h2: (string | RegExp)[]; texts: (string | RegExp)[] }[] = [
  {
    path: ROUTES.home,
    h1: "Healthcare Solutions You Can Trust",
    h2: [/services/i, /clients count on/i, "What Our Clients Say"],
    texts: [
      "4000+",
      "Clinical Hours Covered",
      "98%",
      "Audit-Ready Compliance",
      "$1.2M",
      "in Monthly Claims Handled",
    ],
  },
  {
    path: ROUTES.chartAssist,
    h1: "Empower Your Nurses. Protect Your Patients.",
    h2: [
      "The Burden of Documentation",
      "How It Works",
      "Built for Security and Compliance",
      "Works With Your EHR",
      "Simple, Transparent Pricing",
      "Benefits for Everyone in Your Facility",
      /Compliance, at a Glance/,
      /What Directors of Nursing Say/,
      /See ChartAssist/,
    ],
    texts: [
      "HIPAA Compliant",
      "Trusted by 40+ Facilities",
      "Data Sync",
      "Real-Time Charting",
      "Compliance Checks",
      "HITRUST CSF",
      "SOC 2 Type II",
      "PointClickCare",
      "HealthMEDX",
      "$1,999",
      "$2,500",
      "Custom",
      "Dedicated implementation manager",
      "Quarterly executive reviews",
      "Free one-week trial. No credit card required.",
      "For Nurses",
      "For Patients",
      "For Leadership",
      "4812",
      "572",
      "98.7%",
      "217",
    ],
  },
  {
    path: ROUTES.chartAssistInfo,
    h1: "Clinical Documentation, Done Overnight",
    h2: [
      /Documentation Is Taking/,
      /Remote Clinical Team/,
      "What Our Nurses Handle",
      "Every Chart, Checked",
      /Results/,
    ],
    texts: ["500+", "40+", /2\+/, "hours per shift spent on documentation", /morning audit report/i],
  },
  {
    path: ROUTES.careWorks,
    h1: "Your Back Office, Reimagined.",
    h2: [
      "Who We Help",
      "Top Services",
      /3 Steps/,
      /Why Teams Choose/,
      /Results/,
      "What Our Clients Say",
      /Remote Team/,
    ],
    texts: [
      "ABA Clinics",
      "Home Health Agencies",
      "Medical Billing Companies",
      "SNFs",
      "Physician Groups",
      "Claims Submission",
      "Prior Authorization",
      "Denied Claims Management",
      "Insurance Verification",
      "Credentialing Support",
      "EMR Data Entry",
      "Discovery Call",
      "Staff Match and Onboard",
      "Ongoing Oversight and QA",
      "50%+ Cost Savings",
      "U.S. Process Training",
      "Fluent English",
      "Aligned Time Zones",
      /\$10–\$15\/hour/,
      /24\/7/,
      "1270",
      "385",
      "$4.2M",
    ],
  },
  {
    path: ROUTES.careStaff,
    h1: "Trusted Nurses for Every Shift",
    h2: [
      /by the Numbers/,
      /Every Setting/,
      /Your Terms/,
      "Additional Services",
      /Nurse Looking/,
      "Get Staffed Today",
    ],
    texts: [
      "150+",
      "97%",
      "Hour Response Time",
      "4.9/5",
      "from 124 reviews",
      "Registered Nurses (RNs)",
      "School Nurses",
      "Per Diem",
      "Pass-Through Payroll",
      /responds within 1 business hour/,
    ],
  },
  {
    path: ROUTES.payroll,
    h1: "Pass-Through Payroll",
    h2: [/What Is Pass-Through/, "How It Works", /Why Use/, "Transparent Pricing", "Request Info"],
    texts: ["+15% plus $1.50 per hour", /client sets the staff rate/i, /reply within 24 hours/],
  },
  {
    path: ROUTES.careers,
    h1: "Join Our Nursing Team",
    h2: [/Why Nurses/, "How to Apply", /Apply to CareStaff/],
    texts: ["Apply Now"],
  },
  {
    path: ROUTES.about,
    h1: "One Group. Three Specialized Services.",
    h2: ["Our Story", "What We Do", "How We Work", /People Behind/],
    texts: [/founded in 2022/],
  },
  {
    path: ROUTES.team,
    h1: "Meet Our Team",
    h2: ["Leadership", "Contact Us"],
    texts: [
      "Chief Executive Officer",
      /15\+ years of healthcare management/,
      "Clinical Director",
      "Director of People & Finance Operations",
      "Team Lead",
      "Director of Recruitment",
    ],
  },
  {
    path: ROUTES.privacy,
    h1: "Privacy Policy",
    h2: ["Contents", /Children's Privacy/],
    texts: [/not directed to children under 13/],
  },
  {
    path: ROUTES.terms,
    h1: "Terms of Service",
    h2: ["Contents", /Eligibility/, /SMS Program/, /Governing Law/],
    texts: [
      "Effective February 1, 2022",
      /at least 18 years old/,
      /reply STOP/,
      /reply HELP/,
      /reply START/,
      /State of New York/,
    ],
  },
  { path: ROUTES.login, h1: "Client Log In", h2: [/ChartAssist/, /CareStaff/, /CareWorks/], texts: [] },
];

/** Link targets and attributes do not change with the width; check them once. */
const desktopOnly = () => test.skip(test.info().project.name !== "desktop", "the same links at every width");

async function sectionHeadings(page: Page) {
  return page.locator("main h2").allTextContents();
}

for (const spec of pages) {
  test(`${spec.path} has its heading, sections and figures`, async ({ page }) => {
    const response = await page.goto(spec.path);
    expect(response?.status()).toBe(200);
    const main = page.locator("main");

    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(spec.h1);

    // The sections appear in the given order.
    const headings = await sectionHeadings(page);
    let from = 0;
    for (const expected of spec.h2) {
      const index = headings.findIndex(
        (text, i) => i >= from && (typeof expected === "string" ? text === expected : expected.test(text)),
      );
      expect(
        index,
        `h2 ${expected} after position ${from} in ${JSON.stringify(headings)}`,
      ).toBeGreaterThanOrEqual(from);
      from = index + 1;
    }

    for (const text of spec.texts) await expect(main.getByText(text).first()).toBeAttached();

    // No heading skips a level (h2 under h1, h3 under h2).
    const levels = await main
      .locator("h1, h2, h3, h4")
      .evaluateAll((nodes) => nodes.map((n) => Number(n.tagName[1])));
    levels.forEach((level, i) => {
      if (i > 0)
        expect(level - (levels[i - 1] ?? 1), `heading levels ${levels.join(",")}`).toBeLessThanOrEqual(1);
    });

    // Every image says what it is (or is marked decorative) and has its size reserved.
    for (const img of await main.locator("img").all()) {
      expect(await img.getAttribute("alt")).not.toBeNull();
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }
  });
}

test("home: the three service cards lead to their pages", async ({ page }) => {
  desktopOnly();
  await page.goto(ROUTES.home);
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Explore ChartAssist" })).toHaveAttribute(
    "href",
    ROUTES.chartAssist,
  );
  await expect(main.getByRole("link", { name: "Explore CareStaff" })).toHaveAttribute(
    "href",
    ROUTES.careStaff,
  );
  await expect(main.getByRole("link", { name: "Explore CareWorks" })).toHaveAttribute(
    "href",
    ROUTES.careWorks,
  );
});

test("chart-assist: anchors for the demo, contact and pricing; no services overview", async ({ page }) => {
  desktopOnly();
  await page.goto(ROUTES.chartAssist);
  for (const id of ["demo", "contact", "pricing"]) await expect(page.locator(`#${id}`)).toHaveCount(1);
  await expect(page.locator("main").getByRole("link", { name: "Request Demo" })).toHaveAttribute(
    "href",
    "#demo",
  );
  await expect(page.locator("main").getByRole("link", { name: "Check Compatibility" })).toHaveAttribute(
    "href",
    "#demo",
  );
  await expect(page.locator("main").getByRole("link", { name: /^Explore / })).toHaveCount(0);
  // The hero carries no logo here.
  await expect(page.locator("main section").first().locator("svg path[d^='M16 2']")).toHaveCount(0);
});

test("health-admin and carestaff: hero buttons reach their anchors", async ({ page }) => {
  desktopOnly();
  await page.goto(ROUTES.careWorks);
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Start Hiring" })).toHaveAttribute("href", "#contact");
  await expect(main.getByRole("link", { name: "How It Works" })).toHaveAttribute("href", "#services");
  await expect(page.locator("#services")).toHaveCount(1);
  await expect(page.locator("#contact")).toHaveCount(1);

  await page.goto(ROUTES.careStaff);
  await expect(main.getByRole("link", { name: "Get Staffed Now" })).toHaveAttribute("href", "#contact");
  await expect(main.getByRole("link", { name: "Get Hired Now" }).first()).toHaveAttribute(
    "href",
    ROUTES.careers,
  );
  await expect(main.getByRole("link", { name: /pass-through payroll/i })).toHaveAttribute(
    "href",
    ROUTES.payroll,
  );
  await expect(page.locator("#contact")).toContainText("Get Staffed Today");

  await page.goto(ROUTES.payroll);
  await expect(main.getByRole("link", { name: "Request Info" }).first()).toHaveAttribute(
    "href",
    "#request-info",
  );
  await expect(page.locator("#request-info")).toHaveCount(1);
});

test("about: three Learn More cards and the way to the team", async ({ page }) => {
  desktopOnly();
  await page.goto(ROUTES.about);
  const learnMore = page.locator("main").getByRole("link", { name: /^Learn More/ });
  await expect(learnMore).toHaveCount(3);
  expect(await learnMore.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    ROUTES.chartAssist,
    ROUTES.careStaff,
    ROUTES.careWorks,
  ]);
  await expect(page.locator("main").getByRole("link", { name: "Meet Our Team" })).toHaveAttribute(
    "href",
    ROUTES.team,
  );
});

test("team: the CEO's portrait opens the profile in a new tab; contact details", async ({ page }) => {
  await page.goto(ROUTES.team);
  const main = page.locator("main");
  await expect(
    main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) }),
  ).toHaveCount(5);
  const profile = main.getByRole("link", { name: /profile \(opens in a new tab\)/ });
  await expect(profile).toHaveAttribute("href", site.links.teamProfile);
  await expect(profile).toHaveAttribute("target", "_blank");
  await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
  await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "#contact");
  const contact = page.locator("#contact");
  await expect(contact.locator(`a[href="${site.company.phoneHref}"]`)).toBeVisible();
  await expect(contact.locator(`a[href="mailto:${site.email.contact}"]`)).toBeVisible();
  await expect(contact).toContainText(site.company.address);
});

test("login: each client goes to the right place, with no password form", async ({ page }) => {
  desktopOnly();
  await page.goto(ROUTES.login);
  const main = page.locator("main");
  await expect(main.locator('input[type="password"]')).toHaveCount(0);
  const app = main.getByRole("link", { name: /Open ChartAssist/ });
  await expect(app).toHaveAttribute("href", site.links.chartAssistApp);
  await expect(app).toHaveAttribute("target", "_blank");
  await expect(main.getByRole("link", { name: /CareStaff team/ })).toHaveAttribute(
    "href",
    `${ROUTES.careStaff}#contact`,
  );
  await expect(main.getByRole("link", { name: /CareWorks team/ })).toHaveAttribute(
    "href",
    `${ROUTES.careWorks}#contact`,
  );
  await expect(main.locator(`a[href="${site.company.phoneHref}"]`)).toHaveCount(2);
});

test("legal pages use the company's name and contact mailbox", async ({ page }) => {
  desktopOnly();
  for (const path of [ROUTES.privacy, ROUTES.terms]) {
    await page.goto(path);
    await expect(page.locator("main")).toContainText(site.company.name);
    await expect(page.locator("main")).toContainText(site.email.contact);
  }
});

import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { site } from "~/content/site";
import { island as menuIsland } from "~/islands/menu-island";
import { renderAt } from "~/test/render-at";
import { BottomBar, bottomBarAction } from "./bottom-bar";
import { HomeMenu } from "./home-menu";
import { SolutionSwitcher } from "./solution-switcher";
import { TopBar } from "./top-bar";

/** The panel a popoverTarget button opens. */
function panelOf(trigger: HTMLElement) {
  const id = trigger.getAttribute("popovertarget") ?? "";
  const panel = document.getElementById(id);
  if (!panel) throw new Error(`no panel #${id}`);
  return panel;
}

describe("HomeMenu", () => {
  it("is a navigation landmark whose button opens a popover of the site's destinations", () => {
    renderAt("/", <HomeMenu />);
    const nav = screen.getByRole("navigation", { name: "Site" });
    const trigger = within(nav).getByRole("button", { name: /menu/i });
    const panel = panelOf(trigger);
    expect(panel).toHaveAttribute("popover", "auto");
    expect(nav).toContainElement(panel);
    const links = within(panel)
      .getAllByRole("link", { hidden: true })
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["About Us", "/about"],
      ["Meet Our Team", "/team"],
      ["ChartAssist – Clinical Compliance", "/chart-assist"],
      ["CareStaff – Nurse Staffing", "/carestaff"],
      ["CareWorks – Remote Team", "/health-admin"],
      ["Find a Job", "/carestaff/careers"],
    ]);
    expect(within(panel).getByRole("list", { name: "Services", hidden: true })).toBeInTheDocument();
  });

  it("leaves aria-expanded to the browser until its island starts, which sets it and closes on a link", async () => {
    const user = userEvent.setup();
    renderAt("/", <HomeMenu />);
    const trigger = screen.getByRole("button", { name: /menu/i });
    expect(trigger).not.toHaveAttribute("aria-expanded");
    const panel = panelOf(trigger);
    // jsdom has no Popover API: stand in for the browser's hidePopover.
    const hidePopover = vi.fn();
    panel.hidePopover = hidePopover;
    await menuIsland.start(screen.getByRole("navigation", { name: "Site" }), undefined);
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(within(panel).getByRole("link", { name: "About Us", hidden: true }));
    expect(hidePopover).toHaveBeenCalledOnce();
  });
});

describe("TopBar", () => {
  const actionsOf = () =>
    within(screen.getByTestId("top-bar-actions"))
      .getAllByRole("link")
      .map((link) => [link.textContent?.replace(" (opens in a new tab)", ""), link.getAttribute("href")]);

  it("brands CareStaff pages with Log In and Get Hired Now", () => {
    renderAt("/carestaff/careers", <TopBar />);
    expect(screen.getByTestId("brand")).toHaveTextContent(`Care+Staffby ${site.company.name}`);
    expect(actionsOf()).toEqual([
      ["Log In", "/login"],
      ["Get Hired Now", "/carestaff/careers"],
    ]);
  });

  it("brands CareWorks with Schedule Call and Hire Now to #contact", () => {
    renderAt("/health-admin", <TopBar />);
    expect(screen.getByTestId("brand")).toHaveTextContent("Care+Works");
    expect(actionsOf()).toEqual([
      ["Schedule Call", "#contact"],
      ["Hire Now", "#contact"],
    ]);
  });

  it("brands ChartAssist elsewhere, with the external log-in in a new tab", () => {
    renderAt("/chart-assist-info", <TopBar />);
    expect(screen.getByTestId("brand")).toHaveTextContent("Chart+Assist");
    const logIn = screen.getByRole("link", { name: /log in/i });
    expect(logIn).toHaveAttribute("href", site.links.chartAssistApp);
    expect(logIn).toHaveAttribute("target", "_blank");
    expect(logIn).toHaveAttribute("rel", "noopener noreferrer");
    // No #demo section here, so Request Demo goes to the ChartAssist page's.
    expect(screen.getByRole("link", { name: "Request Demo" })).toHaveAttribute("href", "/chart-assist#demo");
  });

  it("keeps Request Demo on the page that has the demo form, as a plain in-page anchor", () => {
    renderAt("/chart-assist", <TopBar />);
    // A plain "#demo" works before hydration too; a router link pre-renders as "/chart-assist/#demo".
    expect(screen.getByRole("link", { name: "Request Demo" })).toHaveAttribute("href", "#demo");
  });

  it("labels the team link for desktop and for phones", () => {
    renderAt("/about", <TopBar />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: /about us/i })).toHaveAttribute("href", "/about");
    const team = within(nav).getByRole("link", { name: /team/i });
    expect(team).toHaveAttribute("href", "/team");
    expect(within(team).getByText("Our Team")).toHaveClass("md:hidden");
    expect(within(team).getByText("Meet Our Team")).toHaveClass("hidden", "md:inline");
  });
});

describe("SolutionSwitcher", () => {
  it("highlights the current solution without linking it", () => {
    renderAt("/carestaff", <SolutionSwitcher pathname="/carestaff" />);
    const current = screen
      .getAllByText("CareStaff – Nurse Staffing")
      .find((element) => element.getAttribute("aria-current") === "page");
    expect(current?.tagName).toBe("SPAN");
    expect(screen.getByRole("link", { name: "CareWorks Support – Remote Team" })).toHaveAttribute(
      "href",
      "/health-admin",
    );
    expect(screen.getByRole("link", { name: "ChartAssist – Clinical Compliance" })).toHaveAttribute(
      "href",
      "/chart-assist",
    );
  });

  it("offers an Our Solutions popover listing the three, the current one not a link", () => {
    renderAt("/health-admin", <SolutionSwitcher pathname="/health-admin" />);
    const panel = panelOf(screen.getByRole("button", { name: "Our Solutions" }));
    expect(within(panel).getAllByRole("listitem", { hidden: true })).toHaveLength(3);
    expect(
      within(panel)
        .getAllByRole("link", { hidden: true })
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/carestaff", "/chart-assist"]);
    expect(within(panel).getByText("CareWorks Support – Remote Team")).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

describe("BottomBar", () => {
  it.each([
    ["/", "Request Demo", "/chart-assist#demo"],
    ["/about", "Request Demo", "/chart-assist#demo"],
    ["/chart-assist-info", "Request Demo", "/chart-assist#demo"],
    ["/carestaff/careers", "Get Staffed", "/carestaff#contact"],
    ["/carestaff/pass-through-payroll", "Get Staffed", "/carestaff#contact"],
  ])("on %s offers %s to %s", (path, label, href) => {
    renderAt(path, <BottomBar />);
    expect(screen.getByRole("link", { name: label })).toHaveAttribute("href", href);
  });

  it.each(["/chart-assist", "/carestaff", "/health-admin", "/carestaff/"])(
    "is absent on the solution page %s",
    (path) => {
      expect(bottomBarAction(path)).toBeNull();
      renderAt(path, <BottomBar />);
      expect(screen.queryByTestId("bottom-bar")).not.toBeInTheDocument();
    },
  );

  it("is a phone-only bar", () => {
    renderAt("/team", <BottomBar />);
    expect(screen.getByTestId("bottom-bar")).toHaveClass("md:hidden", "fixed");
  });
});

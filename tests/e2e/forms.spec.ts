import { expect, type Page, type Request, type Route, test } from "@playwright/test";
import {
  application,
  expectToast,
  type FormCase,
  field,
  fill,
  formOf,
  forms,
  openForm,
  requiredEntries,
} from "./lead-forms.ts";

// Pointer presses that follow a typed field, without smooth scrolling. Focusing a field scrolls it into view,
// smoothly while focus is in the page (`html:focus-within`, app/styles.css), and the scroll outlives `fill()`. A press
// made meanwhile can land its mouse-down on the control and its mouse-up elsewhere: in CI the nurse form's consent
// box stayed unticked ("Clicking the checkbox did not change its state"). motion.spec.ts covers the motion.
test.use({ reducedMotion: "reduce" });

/** Counts lead requests and answers them with `answer` (201 unless told otherwise). */
async function interceptLeads(
  page: Page,
  answer: (route: Route) => Promise<void> = (route) => route.fulfill({ status: 201, json: { ok: true } }),
) {
  const requests: Request[] = [];
  await page.route("**/api/leads/**", async (route) => {
    requests.push(route.request());
    await answer(route);
  });
  return requests;
}

function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  body: Buffer;
}

/** Splits a multipart/form-data body into its parts. */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  expect(boundary, `boundary in ${contentType}`).not.toBeNull();
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2]}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, body, CRLF, then the next delimiter.
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = chunk.indexOf("\r\n\r\n");
    const headers = chunk.subarray(0, split).toString("utf8");
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
    parts.push({
      name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? "",
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1],
      body: chunk.subarray(split + 4),
    });
    start = next;
  }
  return parts;
}

function readLead(request: Request) {
  const contentType = request.headers()["content-type"] ?? "";
  const parts = parseMultipart(request.postDataBuffer() ?? Buffer.alloc(0), contentType);
  return {
    contentType,
    parts,
    fields: Object.fromEntries(parts.map((part) => [part.name, part.body.toString("utf8")])),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// with JavaScript

for (const c of forms) {
  test.describe(`${c.id} form on ${c.path}`, () => {
    test("labels every field and marks required, type and native-post attributes", async ({ page }) => {
      const form = await openForm(page, c);
      await expect(form).toHaveAttribute("method", "post");
      await expect(form).toHaveAttribute("action", `/api/leads/${c.id}`);
      await expect(form).toHaveAttribute("enctype", "multipart/form-data");
      for (const entry of c.entries) {
        await expect(
          form
            .locator("label")
            .filter({ hasText: entry.label.replace("*", "") })
            .first(),
        ).toBeVisible();
        await expect(field(form, entry.label)).toHaveAttribute("name", entry.name);
      }
      for (const label of c.requiredLabels) await expect(field(form, label)).toHaveAttribute("required", "");
      await expect(field(form, c.emailLabel)).toHaveAttribute("type", "email");
      await expect(field(form, c.emailLabel)).toHaveAttribute("autocomplete", "email");
      await expect(field(form, "Phone")).toHaveAttribute("type", "tel");
      await expect(field(form, "Phone")).toHaveAttribute("autocomplete", "tel");
      await expect(form.locator('input[type="hidden"][name="to"]')).toHaveValue(c.to);
      await expect(form.locator('input[type="hidden"][name="subject"]')).toHaveValue(c.subject);

      // The honeypot: in the form, but off-screen, out of the tab order and hidden from assistive tech.
      const honey = form.locator('input[name="_honey"]');
      await expect(honey).toHaveAttribute("tabindex", "-1");
      await expect(honey).toHaveAttribute("autocomplete", "off");
      await expect(form.locator('[aria-hidden="true"]:has(input[name="_honey"])')).toHaveCount(1);
      // It has a box (display:none would let a bot see it is a trap), and the box ends left of the page.
      const box = await honey.boundingBox();
      expect(box, "the honeypot is laid out").not.toBeNull();
      expect((box?.x ?? 1) + (box?.width ?? 0)).toBeLessThanOrEqual(0);

      // The result messages of a native post stay hidden until the page is marked.
      await expect(form.locator("[data-lead-message]")).toHaveCount(2);
      await expect(form.locator("[data-lead-message]").first()).toBeHidden();

      // Touch targets: controls and the button are at least 44 px tall.
      for (const label of c.requiredLabels)
        expect((await field(form, label).boundingBox())?.height).toBeGreaterThanOrEqual(44);
      const button = form.getByRole("button", { name: c.submit });
      expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    });

    test("refuses a submission with required fields missing, and sends nothing", async ({ page }) => {
      const requests = await interceptLeads(page);
      const form = await openForm(page, c);
      // Only the optional fields: every required one is missing.
      await fill(
        form,
        c.entries.filter((entry) => !c.requiredLabels.includes(entry.label)),
      );
      await form.getByRole("button", { name: c.submit }).click();
      await expectToast(page, "alert", {
        title: "Missing Information",
        text: "Please fill out all required fields.",
      });
      const first = field(form, c.requiredLabels[0] ?? "");
      await expect(first).toBeFocused();
      for (const label of c.requiredLabels) {
        await expect(field(form, label)).toHaveAttribute("aria-invalid", "true");
        await expect(field(form, label)).toHaveAccessibleDescription(/is required\./);
      }
      await expect(form.locator('[data-slot="field-error"]').first()).toBeVisible();
      expect(requests).toHaveLength(0);
    });

    test("refuses a malformed email with a field error, and sends nothing", async ({ page }) => {
      const requests = await interceptLeads(page);
      const form = await openForm(page, c);
      await fill(form, requiredEntries(c));
      await field(form, c.emailLabel).fill("dana.example.com");
      await form.getByRole("button", { name: c.submit }).click();
      await expectToast(page, "alert", {
        title: "Check Your Details",
        text: "Please correct the highlighted fields and try again.",
      });
      await expect(field(form, c.emailLabel)).toBeFocused();
      await expect(field(form, c.emailLabel)).toHaveAccessibleDescription(
        "Enter a valid email address, like name@example.com.",
      );
      expect(requests).toHaveLength(0);
    });

    test("shows Submitting... while sending, then clears everything and announces success", async ({
      page,
    }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const requests = await interceptLeads(page, async (route) => {
        await held;
        await route.fulfill({ status: 201, json: { ok: true } });
      });
      const form = await openForm(page, c);
      await fill(form, c.entries);
      await form.getByRole("button", { name: c.submit }).click();

      const busy = form.getByRole("button", { name: "Submitting..." });
      await expect(busy).toBeDisabled();
      await expect(form).toHaveAttribute("aria-busy", "true");
      await busy.click({ force: true }); // a second click while sending is no second lead
      release();

      await expectToast(page, "status", c.success);
      await expect(form.getByRole("button", { name: c.submit })).toBeEnabled();
      expect(requests).toHaveLength(1);
      for (const entry of c.entries) {
        const control = field(form, entry.label);
        if (entry.kind === "check") await expect(control).not.toBeChecked();
        else await expect(control).toHaveValue("");
      }
    });

    for (const failure of ["a 500 answer", "a network failure"] as const) {
      test(`keeps the values and says so after ${failure}`, async ({ page }) => {
        const errors = consoleErrors(page);
        const requests = await interceptLeads(page, (route) =>
          failure === "a 500 answer"
            ? route.fulfill({ status: 500, json: { error: "internal" } })
            : route.abort("failed"),
        );
        const form = await openForm(page, c);
        await fill(form, c.entries);
        await form.getByRole("button", { name: c.submit }).click();

        await expectToast(page, "alert", c.failure);
        await expect(form.getByRole("button", { name: c.submit })).toBeEnabled();
        expect(requests).toHaveLength(1);
        for (const entry of c.entries) {
          const control = field(form, entry.label);
          if (entry.kind === "check") await expect(control).toBeChecked();
          else await expect(control).toHaveValue(entry.value);
        }
        const logged = failure === "a 500 answer" ? /was refused: 500/ : /Failed to fetch/;
        await expect.poll(() => errors.some((text) => logged.test(text))).toBe(true);
      });
    }

    test("keeps the values and says so when the validator cannot load, then sends once it can", async ({
      page,
    }) => {
      const requests = await interceptLeads(page);
      // The zod schemas are a chunk of their own (leads/forms.ts), fetched on first focus or on submit.
      const validator = "**/assets/forms-*.js";
      let blocked = 0;
      await page.route(validator, (route) => {
        blocked += 1;
        return route.abort("failed");
      });
      const form = await openForm(page, c);
      await fill(form, c.entries);
      await form.getByRole("button", { name: c.submit }).click();

      await expectToast(page, "alert", c.failure);
      expect(blocked).toBeGreaterThan(0);
      expect(requests).toHaveLength(0);
      await expect(form.getByRole("button", { name: c.submit })).toBeEnabled();
      for (const entry of c.entries) {
        const control = field(form, entry.label);
        if (entry.kind === "check") await expect(control).toBeChecked();
        else await expect(control).toHaveValue(entry.value);
      }

      // A failed load is not kept: the next submit fetches the validator again and sends.
      await page.unroute(validator);
      await form.getByRole("button", { name: c.submit }).click();
      await expectToast(page, "status", c.success);
      expect(requests).toHaveLength(1);
    });

    test("posts one multipart body with exactly the fields, to, subject, honeypot, source and headers", async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "the wire is the same at every width");
      const requests = await interceptLeads(page);
      const form = await openForm(page, c);
      await fill(form, c.entries);
      await form.getByRole("button", { name: c.submit }).click();
      await expectToast(page, "status", c.success);

      expect(requests).toHaveLength(1);
      const request = requests[0] as Request;
      expect(request.method()).toBe("POST");
      expect(new URL(request.url()).pathname).toBe(`/api/leads/${c.id}`);
      const headers = request.headers();
      expect(headers.accept).toBe("application/json");
      expect(headers["idempotency-key"]).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      const lead = readLead(request);
      expect(lead.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(lead.parts.map((part) => part.name)).toEqual([
        ...c.entries.map((entry) => entry.name),
        "to",
        "subject",
        "_honey",
        "landing_page",
        "source_page",
      ]);
      expect(lead.fields).toEqual({
        // multipart/form-data carries line breaks as CRLF, whatever was typed.
        ...Object.fromEntries(c.entries.map((entry) => [entry.name, entry.value.replace(/\n/g, "\r\n")])),
        to: c.to,
        subject: c.subject,
        _honey: "",
        // Opened directly at the form: the visit landed here, with no campaign and no referring site.
        landing_page: c.path,
        source_page: c.path,
      });
    });
  });
}

test.describe("idempotency", () => {
  test("a retry of the same values reuses the key; changed values get a new one", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the wire is the same at every width");
    let status = 500;
    const requests = await interceptLeads(page, (route) => route.fulfill({ status }));
    const c = forms[0] as FormCase;
    const form = await openForm(page, c);
    await fill(form, c.entries);
    const button = form.getByRole("button", { name: c.submit });
    await button.click();
    await expectToast(page, "alert", c.failure);
    await button.click();
    await expect.poll(() => requests.length).toBe(2);
    const key = (index: number) => requests[index]?.headers()["idempotency-key"];
    expect(key(1)).toBe(key(0));

    await field(form, "Number of Beds").fill("140");
    status = 201;
    await button.click();
    await expectToast(page, "status", c.success);
    expect(requests).toHaveLength(3);
    expect(key(2)).not.toBe(key(0));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// the nurse application's consent and resume

test.describe("nurse application", () => {
  test("without consent shows Consent Required and sends nothing", async ({ page }) => {
    const requests = await interceptLeads(page);
    const form = await openForm(page, application);
    const consent = field(form, "I consent to receiving communications about job opportunities*");
    await expect(consent).toHaveAttribute("required", "");
    await fill(
      form,
      application.entries.filter((entry) => entry.kind !== "check"),
    );
    await form.getByRole("button", { name: application.submit }).click();
    await expectToast(page, "alert", {
      title: "Consent Required",
      text: "Please provide consent to submit your application.",
    });
    await expect(consent).toBeFocused();
    await expect(consent).toHaveAttribute("aria-invalid", "true");
    expect(requests).toHaveLength(0);
  });

  test("accepts only .pdf, .doc and .docx and sends the resume as a file", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the wire is the same at every width");
    const requests = await interceptLeads(page);
    const form = await openForm(page, application);
    const resume = field(form, "Resume");
    await expect(resume).toHaveAttribute("type", "file");
    await expect(resume).toHaveAttribute("accept", ".pdf,.doc,.docx");
    await expect(resume).toHaveAttribute("name", "resume");
    await expect(resume).toHaveAccessibleDescription("PDF, DOC or DOCX, up to 10 MB");

    const pdf = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n");
    await fill(form, application.entries);
    await resume.setInputFiles({ name: "maria-lopez.pdf", mimeType: "application/pdf", buffer: pdf });
    await form.getByRole("button", { name: application.submit }).click();
    await expectToast(page, "status", application.success);

    const lead = readLead(requests[0] as Request);
    expect(lead.parts.map((part) => part.name)).toEqual([
      ...application.entries.map((entry) => entry.name),
      "to",
      "subject",
      "_honey",
      "landing_page",
      "source_page",
      "resume",
    ]);
    const file = lead.parts.at(-1) as Part;
    expect(file.filename).toBe("maria-lopez.pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(file.body.equals(pdf)).toBe(true);
    await expect(resume).toHaveValue("");
  });

  for (const [problem, file, message] of [
    [
      "larger than 10 MB",
      { name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) },
      "Your resume must be 10 MB or smaller.",
    ],
    [
      "of another type",
      { name: "resume.txt", mimeType: "text/plain", buffer: Buffer.from("plain text") },
      "Your resume must be a PDF, DOC or DOCX file.",
    ],
  ] as const) {
    test(`refuses a resume ${problem} before sending`, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "the same check at every width");
      const requests = await interceptLeads(page);
      const form = await openForm(page, application);
      await fill(form, application.entries);
      const resume = field(form, "Resume");
      await resume.setInputFiles(file);
      await expect(resume).toHaveAttribute("aria-invalid", "true");
      await form.getByRole("button", { name: application.submit }).click();
      await expectToast(page, "alert", { title: "Resume Not Accepted", text: message });
      await expect(resume).toBeFocused();
      await expect(resume).toHaveAccessibleDescription(new RegExp(message.replace(/\./g, "\\.")));
      expect(requests).toHaveLength(0);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// without JavaScript

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const c of forms) {
    test(`${c.id} posts natively and shows the result on its page`, async ({ page }, testInfo) => {
      await page.goto(c.path);
      const form = formOf(page, c);
      await expect(form).toHaveAttribute("method", "post");
      await expect(form).toHaveAttribute("action", `/api/leads/${c.id}`);
      await expect(form).toHaveAttribute("enctype", "multipart/form-data");
      // Without our script the browser's own checks guard the post.
      await expect(form).not.toHaveAttribute("novalidate");
      await expect(form.locator('[data-lead-message="ok"]')).toBeHidden();
      await expect(form.locator('[data-lead-message="error"]')).toBeHidden();

      // Answer the native post the way the API does: 303 back to the page and anchor.
      const posted: Request[] = [];
      await page.route(`**/api/leads/${c.id}`, async (route) => {
        posted.push(route.request());
        await route.fulfill({ status: 303, headers: { Location: `${c.path}?lead=ok#${c.anchor}` } });
      });
      await fill(form, testInfo.project.name === "desktop" ? c.entries : requiredEntries(c));
      await form.getByRole("button", { name: c.submit }).click();
      await page.waitForURL(`**${c.path}?lead=ok#${c.anchor}`);

      expect(posted).toHaveLength(1);
      const lead = readLead(posted[0] as Request);
      expect(lead.fields).toMatchObject({ to: c.to, subject: c.subject, _honey: "" });
      for (const entry of requiredEntries(c)) expect(lead.fields[entry.name]).toBe(entry.value);

      const ok = formOf(page, c).locator('[data-lead-message="ok"]');
      await expect(ok).toBeVisible();
      await expect(ok).toHaveAttribute("role", "status");
      await expect(ok).toContainText(c.success.title);
      await expect(ok).toContainText(c.success.text);
      await expect(formOf(page, c).locator('[data-lead-message="error"]')).toBeHidden();
    });
  }

  test("a refused native post shows the error message", async ({ page }) => {
    const c = application;
    await page.goto(`${c.path}?lead=error#${c.anchor}`);
    const error = formOf(page, c).locator('[data-lead-message="error"]');
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute("role", "alert");
    await expect(error).toContainText(c.failure.title);
    await expect(error).toContainText(c.failure.text);
    await expect(formOf(page, c).locator('[data-lead-message="ok"]')).toBeHidden();
  });
});

test.describe("with JavaScript after a native post", () => {
  test("?lead=ok becomes one success toast and leaves the address", async ({ page }) => {
    const c = forms[3] as FormCase;
    await page.goto(`${c.path}?lead=ok#${c.anchor}`);
    await expectToast(page, "status", c.success);
    await expect(page).toHaveURL(new RegExp(`${c.path}#${c.anchor}$`));
    await expect(formOf(page, c).locator('[data-lead-message="ok"]')).toBeHidden();
  });
});

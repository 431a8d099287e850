import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  detailOf,
  leadId,
  noDocumentsYet,
  pageOf,
  personOf,
  SAMPLE,
  STAFF,
  signedInAs,
} from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { ConversationEntry } from "../../../staff/conversation.ts";
import type { LeadPage } from "../../../staff/leads-api.ts";

const { marisol, dana, owen } = SAMPLE;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 14, minute)).toISOString();
const delivered = { state: "delivered", attempts: 1, lastAttemptAt: at(1), lastError: null } as const;

/** Marisol's thread: her confirmation, a reply that was given up, her answer (hostile HTML as text), a call. */
const THREAD: ConversationEntry[] = [
  {
    kind: "confirmation",
    id: "c1",
    at: at(0),
    to: "marisol.vega@example.com",
    subject: "We received your application",
    text: "Hello Marisol,\n\nThank you for your application.",
    delivery: delivered,
    notSent: null,
  },
  {
    kind: "reply",
    id: "r1",
    at: at(10),
    author: personOf(STAFF.recruiting),
    to: "marisol.vega@example.com",
    subject: "Your application to Northwind Health Group",
    text: "Hello Marisol,\n\nCould you tell us your license type?",
    delivery: { state: "dead", attempts: 8, lastAttemptAt: at(40), lastError: "550 mailbox unavailable" },
  },
  {
    kind: "inbound",
    id: "i1",
    at: at(50),
    from: { name: "Marisol Vega", address: "marisol.vega@example.com" },
    subject: "Re: Your application",
    text: 'RN, New York.\n<script>alert("x")</script><img src=x onerror="alert(1)">',
    read: false,
    attachments: [{ id: "a1", filename: "license.pdf", contentType: "application/pdf", size: 20_480 }],
  },
  {
    kind: "call",
    id: "k1",
    at: at(55),
    author: personOf(STAFF.recruiting),
    outcome: "voicemail",
    note: "Asked her to call back.",
  },
];

const marisolLead = { ...detailOf(marisol), status: "Screening", firstName: "Marisol" };
const marisolPage = (change: Partial<LeadPage> = {}): LeadPage =>
  pageOf(marisol, { lead: marisolLead, conversation: structuredClone(THREAD), ...change });

const conversation = () => screen.getByRole("region", { name: "Conversation" });

describe("a lead's conversation", () => {
  it("shows the thread oldest first: delivery states, the person's text as text, attachments, a call", async () => {
    const api = mockStaffApi({
      ...signedInAs("recruiting"),
      ...noDocumentsYet,
      markSeen: () => undefined,
      lead: () => marisolPage(),
      people: () => ({ people: [] }),
      retryReply: ({ replyId }) => ({
        message: { ...(THREAD[1] as Extract<ConversationEntry, { kind: "reply" }>), id: replyId ?? "" },
      }),
    });
    const user = userEvent.setup();
    renderStaff(`/staff/leads/${leadId(2)}`);
    await screen.findByRole("heading", { level: 1, name: "Marisol Vega" });
    const entries = [...conversation().querySelectorAll<HTMLElement>("li[data-kind]")];
    expect(entries.map((entry) => entry.dataset.kind)).toEqual(["confirmation", "reply", "inbound", "call"]);
    const [confirmation, reply, inbound, call] = entries as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(confirmation).getByText("Delivered · 1 attempt")).toBeInTheDocument();
    expect(within(reply).getByText("Rita Recruiter")).toBeInTheDocument();
    expect(
      within(reply).getByText("Not delivered · 8 attempts · 550 mailbox unavailable"),
    ).toBeInTheDocument();
    expect(within(inbound).getByText("Unread")).toBeInTheDocument();
    expect(within(conversation()).getByText("1 new message from the person")).toBeInTheDocument();
    // Opening the page changed nothing: the page itself then says what it showed, and only that is read.
    const unreadShown = THREAD.flatMap((entry) =>
      entry.kind === "inbound" && !entry.read ? [entry.id] : [],
    );
    expect(unreadShown).toHaveLength(1);
    expect(api.callsTo("markSeen").map((call) => [call.id, call.body])).toEqual([
      [leadId(2), { read: unreadShown }],
    ]);
    // The sender's markup is text on the page, with its line breaks kept; nothing of it became an element.
    const body = within(inbound).getByText(/RN, New York\./);
    expect(body.textContent).toBe(THREAD[2]?.kind === "inbound" ? THREAD[2].text : "");
    expect(body).toHaveClass("whitespace-pre-wrap");
    expect(document.querySelector("[data-kind=inbound] script, [data-kind=inbound] img")).toBeNull();
    expect(within(inbound).getByRole("link", { name: /license\.pdf/ })).toHaveAttribute(
      "href",
      `/api/staff/leads/${leadId(2)}/attachments/a1`,
    );
    expect(within(call).getByText("logged a call: Left a voicemail")).toBeInTheDocument();
    expect(within(call).getByText("Asked her to call back.")).toBeInTheDocument();

    // Only the reply that was given up offers Retry.
    expect(within(conversation()).getAllByRole("button", { name: "Retry" })).toHaveLength(1);
    await user.click(within(reply).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Sending the reply again.")).toBeInTheDocument();
    expect(api.callsTo("retryReply").map((call) => [call.id, call.replyId])).toEqual([[leadId(2), "r1"]]);
  });

  it("says why no confirmation was sent", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () =>
        pageOf(owen, {
          conversation: [
            {
              ...(THREAD[0] as ConversationEntry & { kind: "confirmation" }),
              delivery: null,
              notSent: "recently_confirmed",
            },
          ],
        }),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(3)}`);
    await screen.findByRole("heading", { level: 1, name: "Owen Park" });
    expect(
      within(conversation()).getByText(
        "Not sent: this mailbox was sent a confirmation in the last 24 hours.",
      ),
    ).toBeInTheDocument();
  });
});

describe("replying by e-mail", () => {
  /** The server as far as replies go: each one sent is on the thread the next time the lead is read. */
  function replyingServer(
    answer?: (body: { subject: string; text: string }) => ReturnType<typeof refuse> | null,
  ) {
    const page = marisolPage({ conversation: [] });
    return mockStaffApi({
      ...signedInAs("recruiting"),
      ...noDocumentsYet,
      markSeen: () => undefined,
      lead: () => structuredClone(page),
      people: () => ({ people: [] }),
      sendReply: ({ body }) => {
        const sent = body as { subject: string; text: string };
        const refusal = answer?.(sent);
        if (refusal) return refusal;
        const message = {
          kind: "reply" as const,
          id: `r${page.conversation.length}`,
          at: new Date().toISOString(),
          author: personOf(STAFF.recruiting),
          to: "marisol.vega@example.com",
          ...sent,
          delivery: { state: "pending" as const, attempts: 0, lastAttemptAt: null, lastError: null },
        };
        page.conversation.push(message);
        return { message };
      },
    });
  }

  /** Marisol's lead page with the composer opened from its button. */
  async function openComposer() {
    const user = userEvent.setup();
    renderStaff(`/staff/leads/${leadId(2)}`);
    const open = await screen.findByRole("button", { name: "Reply by e-mail" });
    await user.click(open);
    return { user, open, dialog: screen.getByRole("dialog", { name: "Reply by e-mail" }) };
  }

  it("fills a template for this form and status, sends what was edited, and shows it on the thread", async () => {
    const api = replyingServer();
    const { user, open, dialog } = await openComposer();
    const menu = within(dialog).getByLabelText("Template");
    expect(menu).toHaveFocus();
    // A nurse application in Screening: its templates only, in the menu's order.
    expect(
      within(menu)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Start from a template…", "Request more details", "Invite to interview"]);
    await user.selectOptions(menu, "Invite to interview");
    const subject = within(dialog).getByLabelText("Subject");
    const message = within(dialog).getByLabelText("Message");
    expect(subject).toHaveValue("Interview invitation from Northwind Health Group");
    expect((message as HTMLTextAreaElement).value).toMatch(/^Hello Marisol,\n/);
    expect((message as HTMLTextAreaElement).value).toMatch(
      /Best regards,\nRita Recruiter\nNorthwind Health Group$/,
    );
    await user.clear(subject);
    await user.type(subject, "Interview on Tuesday?");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Reply to marisol.vega@example.com is on its way.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(open).toHaveFocus();
    const sent = api.callsTo("sendReply");
    expect(sent.map((call) => call.id)).toEqual([leadId(2)]);
    expect(sent[0]?.body).toEqual({
      subject: "Interview on Tuesday?",
      text: expect.stringMatching(/^Hello Marisol,\n\nThank you for your application\./),
    });
    const entry = await within(conversation()).findByText("Interview on Tuesday?");
    expect(entry.closest("li")).toHaveTextContent("Sending");
  });

  it("checks the reply with the contract before sending, and Escape closes it with focus back", async () => {
    const api = replyingServer();
    const { user, open, dialog } = await openComposer();
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByLabelText("Subject")).toHaveAccessibleDescription("Give the reply a subject.");
    expect(within(dialog).getByLabelText("Subject")).toHaveFocus();
    expect(within(dialog).getByLabelText("Message")).toHaveAccessibleDescription(
      expect.stringContaining("Write a message."),
    );

    await user.type(within(dialog).getByLabelText("Subject"), "Hello");
    await user.click(within(dialog).getByLabelText("Message"));
    await user.paste("x".repeat(20_001));
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByLabelText("Message")).toHaveAccessibleDescription(
      expect.stringContaining("A message has at most 20000 characters."),
    );
    expect(api.callsTo("sendReply")).toEqual([]);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it("shows the server's refusal next to the field it names, or for the whole reply", async () => {
    replyingServer((body) =>
      body.subject === "Bad"
        ? refuse(422, "bad_reply", "The subject contains a control character.")
        : refuse(409, "mail_off", "No mail server is set up (SMTP_URL and MAIL_FROM)."),
    );
    const { user, dialog } = await openComposer();
    const subject = within(dialog).getByLabelText("Subject");
    await user.type(subject, "Bad");
    await user.type(within(dialog).getByLabelText("Message"), "Hello");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(subject).toHaveAccessibleDescription("The subject contains a control character."),
    );
    expect(subject).toHaveFocus();

    await user.type(subject, " again");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "No mail server is set up (SMTP_URL and MAIL_FROM).",
    );
    expect(screen.getByRole("dialog", { name: "Reply by e-mail" })).toBeInTheDocument();
  });
});

describe("the rest of the lead page's conversation work", () => {
  it("logs a call: its outcome and note, onto the thread", async () => {
    const page = pageOf(owen);
    const api = mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () => structuredClone(page),
      people: () => ({ people: [] }),
      logCall: ({ body }) => {
        const { outcome, note } = body as { outcome: "no_answer"; note: string };
        const message = {
          kind: "call" as const,
          id: "k1",
          at: at(5),
          author: personOf(STAFF.sales),
          outcome,
          note,
        };
        page.conversation.push(message);
        return { message };
      },
    });
    const user = userEvent.setup();
    renderStaff(`/staff/leads/${leadId(3)}`);
    await user.click(await screen.findByRole("button", { name: "Log a call" }));
    const dialog = screen.getByRole("dialog", { name: "Log a call" });
    expect(within(dialog).getByLabelText("Outcome")).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText("Outcome"), "No answer");
    await user.type(within(dialog).getByLabelText("Note"), "Rang twice.");
    await user.click(within(dialog).getByRole("button", { name: "Log call" }));
    expect(await screen.findByText("Call logged.")).toBeInTheDocument();
    expect(await within(conversation()).findByText("logged a call: No answer")).toBeInTheDocument();
    expect(within(conversation()).getByText("Rang twice.")).toBeInTheDocument();
    expect(api.callsTo("logCall").map((call) => call.body)).toEqual([
      { outcome: "no_answer", note: "Rang twice." },
    ]);
  });

  it("lists the person's other requests, each a link to its lead", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () =>
        pageOf(dana, {
          otherRequests: [
            { id: leadId(9), formLabel: "Staffing request", createdAt: at(0), status: "Contacted" },
          ],
        }),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(1)}`);
    const others = await screen.findByRole("region", { name: "Other requests from this person" });
    expect(within(others).getByRole("link", { name: "Staffing request" })).toHaveAttribute(
      "href",
      `/staff/leads/${leadId(9)}`,
    );
    expect(within(others).getByText("Contacted")).toBeInTheDocument();
  });

  it("shows the lead's promise: what was promised, when it is due, and how it went", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () =>
        pageOf(owen, {
          lead: {
            ...detailOf(owen),
            promise: { dueAt: at(0), respondedAt: at(30), state: "missed" },
            promiseWords: "within 1 business hour",
          },
        }),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(3)}`);
    const summary = (await screen.findByText("Answered 30 min late")).closest("p");
    expect(summary).toHaveTextContent(
      /^Response promised within 1 business hour, by .+; first answered .+: Answered 30 min late$/,
    );
  });

  it("lets an admin move a spam lead into delivery, once confirmed", async () => {
    const page = pageOf(dana, { lead: { ...detailOf(dana), spam: true, deliveries: [] } });
    const api = mockStaffApi({
      ...signedInAs("admin"),
      markSeen: () => undefined,
      lead: () => structuredClone(page),
      people: () => ({ people: [] }),
      notSpam: () => {
        page.lead = {
          ...page.lead,
          spam: false,
          deliveries: [
            {
              channel: "email",
              state: "pending",
              attempts: 0,
              lastAttemptAt: null,
              lastError: null,
              problem: null,
            },
          ],
        };
        return { lead: page.lead };
      },
    });
    const user = userEvent.setup();
    renderStaff(`/staff/leads/${leadId(1)}`);
    const review = await screen.findByRole("region", { name: "Caught as spam" });
    await user.click(within(review).getByRole("button", { name: "Not spam" }));
    const confirm = screen.getByRole("alertdialog", { name: "Move this lead out of Spam?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("notSpam")).toEqual([]);

    await user.click(within(review).getByRole("button", { name: "Not spam" }));
    await user.click(screen.getByRole("button", { name: "Yes, not spam" }));
    expect(await screen.findByText("Moved out of Spam: the lead goes to delivery now.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Caught as spam" })).not.toBeInTheDocument(),
    );
    expect(within(screen.getByRole("region", { name: "Delivery" })).getByText("Pending")).toBeInTheDocument();
    expect(api.callsTo("notSpam").map((call) => call.id)).toEqual([leadId(1)]);
  });

  it("offers Not spam to admins only", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () => pageOf(dana, { lead: { ...detailOf(dana), spam: true } }),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(1)}`);
    await screen.findByRole("heading", { level: 1, name: "Dana Whitfield" });
    expect(screen.queryByRole("button", { name: "Not spam" })).not.toBeInTheDocument();
  });
});

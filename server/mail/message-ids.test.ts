import { describe, expect, it } from "vitest";
import {
  isMessageToken,
  MESSAGE_ID_MAX,
  messageIdFor,
  messageIdsIn,
  newMessageToken,
  REFERENCES_MAX,
  repliedMessageIds,
  replyAddressFor,
  replyTokenOf,
  threadHeaders,
  tokenOfMessageId,
} from "./message-ids.ts";

const TOKEN = "019ac0de12340123456789abcdef0123456789abcdef";
/** A token as the server made them before they led with the time: still ours when a reply cites it. */
const OLD_TOKEN = "0123456789abcdef0123456789abcdef";

describe("message tokens", () => {
  it("are the time in milliseconds then 128 random bits, in lower-case hex, a new one every time", () => {
    const before = Date.now();
    const tokens = Array.from({ length: 1000 }, newMessageToken);
    const after = Date.now();
    expect(new Set(tokens).size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[0-9a-f]{44}$/);
      const time = Number.parseInt(token.slice(0, 12), 16);
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
    }
    // The random part is not the time's: no two tokens of one millisecond share it.
    expect(new Set(tokens.map((token) => token.slice(12))).size).toBe(1000);
  });

  it("sort by the time they were made, so the store's index of Message-IDs grows at its end", async () => {
    const first = newMessageToken();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = newMessageToken();
    expect([second, first].sort()).toEqual([first, second]);
  });

  it("of the old form (32 digits, no time) are still read back, and nothing between the two forms is", () => {
    expect(isMessageToken(OLD_TOKEN)).toBe(true);
    expect(tokenOfMessageId(`<${OLD_TOKEN}@example.org>`)).toBe(OLD_TOKEN);
    expect(replyTokenOf(`reply+${OLD_TOKEN}@replies.example.org`)).toBe(OLD_TOKEN);
    expect(isMessageToken(TOKEN.slice(1))).toBe(false);
    expect(tokenOfMessageId(`<${OLD_TOKEN}0@example.org>`)).toBeNull();
  });

  it("make our Message-ID on a domain, and are read back from it alone", () => {
    expect(messageIdFor(TOKEN, "example.org")).toBe(`<${TOKEN}@example.org>`);
    expect(tokenOfMessageId(`<${TOKEN}@example.org>`)).toBe(TOKEN);
    expect(tokenOfMessageId(`<${TOKEN}x@example.org>`)).toBeNull();
    expect(tokenOfMessageId("<CAF=abc@mail.gmail.com>")).toBeNull();
    expect(tokenOfMessageId(`${TOKEN}@example.org`)).toBeNull();
  });

  it("make a reply+<token> address, read back in any case and never from another address", () => {
    expect(replyAddressFor(TOKEN, "replies.example.org")).toBe(`reply+${TOKEN}@replies.example.org`);
    expect(replyTokenOf(`reply+${TOKEN}@replies.example.org`)).toBe(TOKEN);
    expect(replyTokenOf(`REPLY+${TOKEN.toUpperCase()}@Example.org`)).toBe(TOKEN);
    expect(replyTokenOf(`ada+${TOKEN}@example.org`)).toBeNull();
    expect(replyTokenOf(`reply+${TOKEN}0@example.org`)).toBeNull();
    expect(replyTokenOf("reply+short@example.org")).toBeNull();
    expect(replyTokenOf(`reply+${TOKEN}`)).toBeNull();
  });

  it("refuse to build from anything but a token", () => {
    expect(isMessageToken(TOKEN)).toBe(true);
    expect(isMessageToken(`${TOKEN}>\r\nBcc: x@y.z`)).toBe(false);
    expect(() => messageIdFor("../../x", "example.org")).toThrow("Not a message token");
    expect(() => replyAddressFor("x@evil", "example.org")).toThrow("Not a message token");
  });
});

describe("messageIdsIn", () => {
  it("reads ids in angle brackets, dropping comments, words, repeats and malformed ids", () => {
    expect(messageIdsIn("<a@b> (comment) junk <c@d>\r\n <a@b> <no-at> <> <x y@z> <e@f", 10)).toEqual([
      "<a@b>",
      "<c@d>",
      "<xy@z>",
    ]);
    expect(messageIdsIn(["<a@b>", "<c@d> <e@f>"], 10)).toEqual(["<a@b>", "<c@d>", "<e@f>"]);
    expect(messageIdsIn(undefined, 10)).toEqual([]);
  });

  it("drops an id longer than MESSAGE_ID_MAX and one with characters no id has", () => {
    const long = `<${"a".repeat(MESSAGE_ID_MAX)}@b>`;
    expect(messageIdsIn(`${long} <ok@b> <é@b> <a\u0000@b>`, 10)).toEqual(["<ok@b>"]);
  });

  it("keeps the first and the nearest ids when there are too many", () => {
    const ids = Array.from({ length: 100 }, (_, i) => `<m${i}@x>`);
    expect(messageIdsIn(ids.join(" "), 5)).toEqual(["<m0@x>", "<m96@x>", "<m97@x>", "<m98@x>", "<m99@x>"]);
    expect(messageIdsIn(ids.join(" "), 1)).toEqual(["<m0@x>"]);
  });

  it("reads a hostile header of a hundred thousand ids into a bounded list", () => {
    const hostile = Array.from({ length: 100_000 }, (_, i) => `<m${i}@x>`).join(" ");
    expect(messageIdsIn(hostile, 50)).toHaveLength(50);
  });
});

describe("threadHeaders", () => {
  it("answers the latest message and references the thread", () => {
    expect(threadHeaders(["<a@x>", "<b@y>", "<c@x>"])).toEqual({
      inReplyTo: "<c@x>",
      references: ["<a@x>", "<b@y>", "<c@x>"],
    });
  });

  it("has nothing to say for a new thread", () => {
    expect(threadHeaders([])).toEqual({});
  });

  it("references the root and the nearest messages of a long thread", () => {
    const thread = Array.from({ length: 60 }, (_, i) => `<m${i}@x>`);
    const { inReplyTo, references = [] } = threadHeaders(thread);
    expect(inReplyTo).toBe("<m59@x>");
    expect(references).toHaveLength(REFERENCES_MAX);
    expect(references[0]).toBe("<m0@x>");
    expect(references[1]).toBe(`<m${60 - REFERENCES_MAX + 1}@x>`);
  });
});

describe("repliedMessageIds", () => {
  it("lists In-Reply-To, then References newest first, then the token's message, without repeats", () => {
    const message = { inReplyTo: ["<c@x>"], references: ["<a@x>", "<b@x>", "<c@x>"], replyToken: TOKEN };
    expect(repliedMessageIds(message, "example.org")).toEqual([
      "<c@x>",
      "<b@x>",
      "<a@x>",
      `<${TOKEN}@example.org>`,
    ]);
    expect(repliedMessageIds({ inReplyTo: [], references: [], replyToken: null }, "example.org")).toEqual([]);
  });
});

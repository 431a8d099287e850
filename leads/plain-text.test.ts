import { describe, expect, it } from "vitest";
import { atMost, plainLine, plainText } from "./plain-text.ts";

describe("plainLine", () => {
  it("turns every kind of line break and tab into one space", () => {
    expect(plainLine("a\r\nb\rc\nd\te\u2028f\u2029g\u0085h\vi\fj", 100)).toBe("a b c d e f g h i j");
  });

  it("drops control characters and direction overrides, so nothing reorders or hides text", () => {
    expect(plainLine("a\u0000b\u001bc\u007fd\u009be\u202ef\u2066g\u200fh", 100)).toBe("abcdefgh");
  });

  it("collapses runs of spaces, trims, and keeps ordinary punctuation and letters of any script", () => {
    expect(plainLine("  Zoë   <b>Ōtsuka</b>  & co.  ", 100)).toBe("Zoë <b>Ōtsuka</b> & co.");
  });

  it("bounds the line in code points, never cutting an astral character in half", () => {
    expect(plainLine("x".repeat(10_000), 40)).toBe("x".repeat(40));
    expect(plainLine("😀".repeat(50), 3)).toBe("😀😀😀");
    expect(plainLine("ab cd", 3)).toBe("ab");
  });
});

describe("plainText", () => {
  it("keeps lines and tabs, writes every break as \\n and drops the controls", () => {
    expect(plainText("one\r\ntwo\rthree\u2028four\tcol\u0000\u001b[31m\n\n")).toBe(
      "one\ntwo\nthree\nfour\tcol[31m",
    );
  });
});

describe("atMost", () => {
  it("leaves a short value alone and cuts a long one at a code point", () => {
    expect(atMost("abc", 5)).toBe("abc");
    expect(atMost("a😀b", 2)).toBe("a😀");
  });
});

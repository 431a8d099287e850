import { describe, expect, it } from "vitest";
import { HTML_TEXT_INPUT_MAX, htmlToPlainText } from "./html-text.ts";

describe("htmlToPlainText", () => {
  it("keeps the words and none of the markup, scripts, styles or event handlers", async () => {
    const html = `<html><head><title>T</title><style>p{color:red}</style><script>alert(1)</script></head>
<body onload="alert(2)"><h1>Dear Sam</h1><p onclick="steal()">Tuesday <b>works</b> for me.</p>
<img src="https://tracker.example/pixel.gif" alt="pixel" onerror="alert(3)">
<svg><script>alert(4)</script><text>svg</text></svg><iframe src="https://evil.example">frame</iframe>
<a href="https://example.org/cv">my CV</a> <a href="https://example.org">https://example.org</a>
<p>5 &lt; 6 &amp;&amp; &lt;script&gt; is text</p></body></html>`;
    const { text, outcome } = await htmlToPlainText(html);
    expect(outcome).toBe("converted");
    expect(text).toBe(
      "Dear Sam\n\nTuesday works for me.\n\nmy CV [https://example.org/cv] https://example.org\n\n5 < 6 && <script> is text",
    );
    expect(text).not.toMatch(/alert|steal|onerror|onclick|pixel|color|frame|svg/);
  });

  it("reads layout tables one cell after another", async () => {
    const { text } = await htmlToPlainText(
      "<table><tr><td>Hello</td><td>there</td></tr><tr><th>Bye</th></tr></table>",
    );
    expect(text).toBe("Hello\nthere\nBye");
  });

  it("converts only the first HTML_TEXT_INPUT_MAX characters of a longer body, and says so", async () => {
    const { text, outcome } = await htmlToPlainText(`<p>${"a".repeat(50)}</p><p>lost</p>`, { inputMax: 57 });
    expect(outcome).toBe("truncated");
    expect(text).toBe("a".repeat(50));
    expect(HTML_TEXT_INPUT_MAX).toBe(1_000_000);
  });

  it("gives up on HTML the parser would chew on for minutes, by its deadline", async () => {
    const depth = 150_000;
    const hostile = `${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}`;
    // Without the deadline this outlasts the test's 30 s timeout by minutes (decision 024 has a time).
    expect(await htmlToPlainText(hostile, { timeoutMs: 500 })).toEqual({ text: "", outcome: "failed" });
  });
});

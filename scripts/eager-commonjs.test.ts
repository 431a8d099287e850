import { describe, expect, it } from "vitest";
import { eagerCommonJs } from "./eager-commonjs.ts";

// The shape Rolldown gives a chunk with CommonJS modules in it (React's, here), before minifying.
const chunk = `import { t as __commonJSMin } from "./rolldown-runtime.js";
var require_react_production = /* @__PURE__ */ __commonJSMin(((exports) => {
\tvar REACT_ELEMENT_TYPE = Symbol.for("react.transitional.element");
\texports.Children = { map: (children, fn) => children.map((child) => fn(child)) };
}));
var require_react = /* @__PURE__ */ __commonJSMin(((exports, module) => {
\tmodule.exports = require_react_production();
}));
export { require_react as t };
`;

describe("eagerCommonJs", () => {
  it("turns every CommonJS factory into a function expression and leaves other arrows alone", () => {
    const { code, rewritten } = eagerCommonJs(chunk);
    expect(rewritten).toBe(2);
    expect(code).toContain("__commonJSMin((function(exports) {");
    expect(code).toContain("__commonJSMin((function(exports, module) {");
    expect(code).not.toMatch(/__commonJSMin\(\(\(/);
    expect(code).toContain("map: (children, fn) => children.map((child) => fn(child))");
    // Only the opening changes: the factory's body and closing parentheses are untouched.
    expect(
      code
        .replaceAll("(function(exports, module) {", "((exports, module) => {")
        .replaceAll("(function(exports) {", "((exports) => {"),
    ).toBe(chunk);
  });

  it("still runs the modules the same way", async () => {
    const runtime = `const __commonJSMin = (cb, mod) => () => (mod || (cb((mod = { exports: {} }).exports, mod, mod.exports), cb = null), mod.exports);`;
    const body = eagerCommonJs(chunk)
      .code.replace(/^import .*$/m, runtime)
      .replace(/^export .*$/m, "");
    const react = new Function(`${body}; return require_react();`)();
    expect(react.Children.map([1, 2], (n: number) => n * 2)).toEqual([2, 4]);
  });

  it("accepts factories that are function expressions already, and chunks without CommonJS", () => {
    expect(eagerCommonJs("var a = __commonJSMin((function(exports) {}));").rewritten).toBe(0);
    expect(eagerCommonJs("export const x = () => 1;")).toEqual({
      code: "export const x = () => 1;",
      rewritten: 0,
    });
  });

  it("fails the build on a wrapper in a form it does not know", () => {
    expect(() => eagerCommonJs("var a = __commonJSMin((exports) => { exports.x = 1; });")).toThrow(
      /unknown form/,
    );
    expect(() => eagerCommonJs(`${chunk}\nvar b = __commonJS(async (exports) => {});`)).toThrow(
      /1 of them in an unknown form/,
    );
  });
});

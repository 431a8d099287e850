import type { Plugin } from "vite";

/**
 * Lets the browser compile bundled CommonJS modules (React, React DOM, the scheduler) off the main thread
 * (decision 009).
 * The bundler wraps each CommonJS module in a factory, `__commonJSMin(((exports, module) => { ... }))`, that
 * runs on first `require`. V8 compiles a script's top level while it downloads, on a background thread, but
 * leaves arrow functions to be compiled when first called, on the main thread: for React DOM's factory, its
 * whole 180 kB body, in one long task at the start of hydration. V8 compiles a parenthesised
 * `(function ...)` at once, with the rest of the script. The two forms behave the same here: the factories
 * are called without `this` and read no `arguments`.
 */

const FACTORY = /(__commonJS(?:Min)?\(\()\(([\w$]*(?:, ?[\w$]+)*)\) => \{/g;
const WRAPPER_CALL = /__commonJS(?:Min)?\(/g;
const ALREADY_FUNCTION = /__commonJS(?:Min)?\(\(function\(/g;

/** The chunk with every CommonJS factory written as a function expression, and how many it rewrote. */
export function eagerCommonJs(code: string): { code: string; rewritten: number } {
  let rewritten = 0;
  const out = code.replace(FACTORY, (_match, call: string, params: string) => {
    rewritten += 1;
    return `${call}function(${params}) {`;
  });
  const calls = code.match(WRAPPER_CALL)?.length ?? 0;
  const alreadyEager = code.match(ALREADY_FUNCTION)?.length ?? 0;
  if (calls !== rewritten + alreadyEager) {
    throw new Error(
      `eager-commonjs: ${calls} CommonJS wrappers, ${calls - rewritten - alreadyEager} of them in an unknown form; the bundler's output changed, see decision 009`,
    );
  }
  return { code: out, rewritten };
}

/** The client build's plugin: rewrites each chunk before it is minified and hashed. */
export function eagerCommonJsPlugin(): Plugin {
  return {
    name: "eager-commonjs",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      if (!code.includes("__commonJS")) return null;
      const { code: out, rewritten } = eagerCommonJs(code);
      return rewritten ? { code: out, map: null } : null;
    },
  };
}

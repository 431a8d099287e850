import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { keyOfSecret, stepOfCode } from "./totp-steps.ts";

const AT = Date.parse("2026-05-04T10:00:12Z");
const STEP = Math.floor(AT / 30_000);

/** An authenticator app's code (otpauth) for the step `offset` steps from AT's. */
const appCode = (secret: Secret, offset: number) =>
  new TOTP({ secret }).generate({ timestamp: (STEP + offset) * 30_000 });

describe("stepOfCode", () => {
  it("names the step of a code the server accepts: AT's own, or one either side for drift", () => {
    const secret = "a-plugin-generated-secret-of-32-chars";
    const key = keyOfSecret(secret);
    const app = new Secret({ buffer: new TextEncoder().encode(secret).buffer });
    for (const offset of [-1, 0, 1]) expect(stepOfCode(key, appCode(app, offset), AT)).toBe(STEP + offset);
    for (const offset of [-3, -2, 2, 3]) expect(stepOfCode(key, appCode(app, offset), AT)).toBeNull();
    expect(stepOfCode(key, "12345", AT)).toBeNull();
    expect(stepOfCode(key, "", AT)).toBeNull();
  });

  it("reads a secret the plugin imported (base32:) as the authenticator does", () => {
    const app = Secret.fromBase32("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(stepOfCode(keyOfSecret("base32:jbswy3dpehpk3pxpjbswy3dpehpk3pxp"), appCode(app, 0), AT)).toBe(
      STEP,
    );
  });
});

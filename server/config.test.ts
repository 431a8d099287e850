import { describe, expect, it } from "vitest";
import { readSiteConfig } from "../config/site.ts";
import { loadConfig } from "./config.ts";

describe("server configuration: timeouts, upload cap, proxies", () => {
  it("defaults to 15 s for headers, 120 s for a request, 32 uploads in flight and no trusted proxy", () => {
    expect(loadConfig({})).toMatchObject({
      HEADERS_TIMEOUT_MS: 15_000,
      REQUEST_TIMEOUT_MS: 120_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_UPLOADS_IN_FLIGHT: 32,
      TRUST_PROXY: false,
    });
  });

  it("reads each TRUST_PROXY form", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8 ,2001:db8::/32" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::/32",
    ]);
  });

  it("keeps staff sessions 30 idle minutes and the staff audit 365 days unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ STAFF_IDLE_MINUTES: 30, AUDIT_RETENTION_DAYS: 365 });
    expect(loadConfig({ STAFF_IDLE_MINUTES: "15", AUDIT_RETENTION_DAYS: "90" })).toMatchObject({
      STAFF_IDLE_MINUTES: 15,
      AUDIT_RETENTION_DAYS: 90,
    });
  });

  it.each([
    [{ STAFF_IDLE_MINUTES: "0" }, /STAFF_IDLE_MINUTES/],
    [{ AUDIT_RETENTION_DAYS: "forever" }, /AUDIT_RETENTION_DAYS/],
    [{ HEADERS_TIMEOUT_MS: "30000", REQUEST_TIMEOUT_MS: "20000" }, /HEADERS_TIMEOUT_MS must not be longer/],
    [{ REQUEST_TIMEOUT_MS: "soon" }, /REQUEST_TIMEOUT_MS/],
    [{ MAX_UPLOADS_IN_FLIGHT: "0" }, /MAX_UPLOADS_IN_FLIGHT/],
    [{ TRUST_PROXY: "proxy.example" }, /TRUST_PROXY must be false, a hop count/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ PORT: "http" }, /^Invalid configuration: PORT /],
    [{ LOG_LEVEL: "verbose" }, /^Invalid configuration: LOG_LEVEL /],
    [{ DATABASE_URL: "mysql://db/leads" }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ FORM_SERVICE_URL: "ftp://files.example/{to}" }, /FORM_SERVICE_URL must be an http\(s\) URL/],
    [{ LEAD_CHANNELS: "fax" }, /LEAD_CHANNELS/],
    [{ SMTP_URL: "mail.example.org:587" }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_PERSONAL_DATA: "maybe" }, /MAIL_PERSONAL_DATA must be true or false/],
    [{ WEBHOOK_URL: "javascript:alert(1)" }, /WEBHOOK_URL must be an http\(s\) URL/],
    [{ WEBHOOK_SECRET: "hunter2" }, /WEBHOOK_SECRET must be whsec_/],
    [{ ALERT_EMAIL: "ops" }, /^Invalid configuration: ALERT_EMAIL /],
    [{ RELAY_ENABLED: "on" }, /RELAY_ENABLED must be true or false/],
    [{ RELAY_SOURCE_FIELDS: "2" }, /RELAY_SOURCE_FIELDS must be true or false/],
    [{ RELAY_BASE_DELAY_MS: "0" }, /^Invalid configuration: RELAY_BASE_DELAY_MS /],
    [{ RELAY_MAX_DELAY_MS: "-5" }, /^Invalid configuration: RELAY_MAX_DELAY_MS /],
    [{ RELAY_GIVE_UP_AFTER_MS: "1.5" }, /^Invalid configuration: RELAY_GIVE_UP_AFTER_MS /],
    [{ RELAY_POLL_MS: "5" }, /^Invalid configuration: RELAY_POLL_MS /],
    [{ RELAY_TIMEOUT_MS: "99" }, /^Invalid configuration: RELAY_TIMEOUT_MS /],
    [{ RELAY_CONCURRENCY: "101" }, /^Invalid configuration: RELAY_CONCURRENCY /],
    [{ RETENTION_DAYS: "0" }, /^Invalid configuration: RETENTION_DAYS /],
    [{ RATE_LIMIT_PER_MINUTE: "-1" }, /^Invalid configuration: RATE_LIMIT_PER_MINUTE /],
    [{ STAFF_IDLE_MINUTES: "721" }, /^Invalid configuration: STAFF_IDLE_MINUTES /],
    [{ ALERT_PENDING_AFTER_S: "0" }, /^Invalid configuration: ALERT_PENDING_AFTER_S /],
    [{ HEADERS_TIMEOUT_MS: "50" }, /^Invalid configuration: HEADERS_TIMEOUT_MS /],
    [{ KEEP_ALIVE_TIMEOUT_MS: "50" }, /^Invalid configuration: KEEP_ALIVE_TIMEOUT_MS /],
    [{ LOG_BUFFER_BYTES: "1024" }, /^Invalid configuration: LOG_BUFFER_BYTES /],
    [{ ALLOWED_ORIGINS: "www.example.com" }, /ALLOWED_ORIGINS must be a comma-separated list of origins/],
    [
      { ALLOWED_ORIGINS: "partner.example.org:8443" },
      /ALLOWED_ORIGINS must be .* \(not "partner\.example\.org:8443"\)/,
    ],
    [{ ALLOWED_ORIGINS: "https://a.example, null" }, /ALLOWED_ORIGINS must be .* \(not "null"\)/],
    [{ ALLOWED_ORIGINS: "ftp://partner.example.org" }, /ALLOWED_ORIGINS must be .* \(not "ftp:/],
    [{ ALLOWED_ORIGINS: "https://partner.example.org/app" }, /ALLOWED_ORIGINS must be .* \(not "https:/],
    [
      { SITE_URL: "ftp://files.example.org" },
      /^Invalid site configuration: SITE_URL: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      { SITE_URL: "mailto:web@example.org" },
      /^Invalid site configuration: SITE_URL: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      { SITE_URL: "data:text/html,hi" },
      /^Invalid site configuration: SITE_URL: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      { SITE_URL: "javascript:alert(1)" },
      /^Invalid site configuration: SITE_URL: must be an http:\/\/ or https:\/\/ URL/,
    ],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("SITE_URL and ALLOWED_ORIGINS", () => {
  it("reads each allowed origin as an origin", () => {
    expect(
      loadConfig({ ALLOWED_ORIGINS: " https://a.example , HTTPS://B.example:8443/," }).ALLOWED_ORIGINS,
    ).toEqual(["https://a.example", "https://b.example:8443"]);
  });

  it.each(["ftp://files.example.org", "mailto:web@example.org", "data:text/html,hi", "javascript:alert(1)"])(
    "the build refuses SITE_URL=%s as the server does",
    (value) => {
      expect(() => readSiteConfig({ SITE_URL: value })).toThrow(
        /^Invalid site configuration: SITE_URL: must be/,
      );
    },
  );

  it("reads SITE_URL with its scheme and host in lower case, so an HTTPS:// origin still gets HSTS and Secure cookies", () => {
    const config = loadConfig({ SITE_URL: "HTTPS://WWW.Example.ORG/" });
    expect(config.site.url).toBe("https://www.example.org");
    expect(readSiteConfig({ SITE_URL: "https://www.example.org/base/" }).url).toBe(
      "https://www.example.org/base",
    );
  });
});

describe("server configuration: address settings", () => {
  /** Values each address setting must refuse: none is one address on one line. */
  const NOT_ONE_ADDRESS = [
    "not an address",
    "ops",
    "@example.org",
    "<>",
    "ops@example.org, eve@evil.example",
    "Ops: ops@example.org;",
    "ops@example.org\nBcc: eve@evil.example",
  ];
  const ADDRESS_SETTINGS = ["MAIL_FROM", "REPLY_TO", "ALERT_EMAIL", "CONTACT_EMAIL", "RECRUITING_EMAIL"];

  it.each(ADDRESS_SETTINGS.flatMap((name) => NOT_ONE_ADDRESS.map((value) => [name, value] as const)))(
    "refuses %s=%j in one line naming it",
    (name, value) => {
      const env = { SMTP_URL: "smtp://mail.example.org:587", MAIL_FROM: "leads@example.org", [name]: value };
      let message = "";
      try {
        loadConfig(env);
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      expect(message).toMatch(
        new RegExp(`^Invalid (site )?configuration: ${name}:? must be one e-mail address`),
      );
      expect(message).not.toContain("\n");
    },
  );

  it("takes a name with the address for MAIL_FROM and REPLY_TO", () => {
    const config = loadConfig({
      MAIL_FROM: "Website <leads@example.org>",
      REPLY_TO: '"Northwind, Team" <team@example.org>',
    });
    expect(config).toMatchObject({
      MAIL_FROM: "Website <leads@example.org>",
      REPLY_TO: '"Northwind, Team" <team@example.org>',
    });
    expect(loadConfig({ MAIL_FROM: "leads@example.org" }).MAIL_FROM).toBe("leads@example.org");
  });

  it.each(["ALERT_EMAIL", "CONTACT_EMAIL", "RECRUITING_EMAIL"])(
    "takes %s as a bare address only: it is a recipient and a mailto: link",
    (name) => {
      const env = { SMTP_URL: "smtp://mail.example.org:587", MAIL_FROM: "leads@example.org" };
      expect(() => loadConfig({ ...env, [name]: "ops@example.org" })).not.toThrow();
      expect(() => loadConfig({ ...env, [name]: "Ops <ops@example.org>" })).toThrow(name);
    },
  );
});

describe("the credential documents' key", () => {
  const key = Buffer.alloc(32, 7).toString("base64");

  it("is off when DOCUMENTS_KEY is unset, and read when it is 32 bytes in base64", () => {
    expect(loadConfig({}).DOCUMENTS_KEY).toBeUndefined();
    expect(loadConfig({ DOCUMENTS_KEY: key }).DOCUMENTS_KEY).toBe(key);
    expect(loadConfig({ DOCUMENTS_KEY: key, DOCUMENTS_KEY_PREVIOUS: key }).DOCUMENTS_KEY_PREVIOUS).toBe(key);
  });

  it.each([
    ["a passphrase", "correct horse battery staple"],
    ["16 bytes", Buffer.alloc(16, 7).toString("base64")],
    ["48 bytes", Buffer.alloc(48, 7).toString("base64")],
    ["hex", Buffer.alloc(32, 7).toString("hex")],
    ["base64url", Buffer.alloc(32, 0xfb).toString("base64url")],
  ])("refuses %s in one line that says how to make one, without the value", (_, value) => {
    for (const name of ["DOCUMENTS_KEY", "DOCUMENTS_KEY_PREVIOUS"]) {
      let message = "";
      try {
        loadConfig({ DOCUMENTS_KEY: key, [name]: value });
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      expect(message).toMatch(
        new RegExp(`^Invalid configuration: ${name} must be 32 random bytes in base64`),
      );
      expect(message).toContain("openssl rand -base64 32");
      expect(message).not.toContain(value);
      expect(message).not.toContain("\n");
    }
  });

  it("reads DOCUMENT_REMINDER_DAYS as distinct days, largest first, 30 and 7 by default", () => {
    expect(loadConfig({}).DOCUMENT_REMINDER_DAYS).toEqual([30, 7]);
    expect(loadConfig({ DOCUMENT_REMINDER_DAYS: "7, 60,14" }).DOCUMENT_REMINDER_DAYS).toEqual([60, 14, 7]);
    for (const wrong of ["0", "30,30", "thirty", "30;7", "366", "1.5", "1,2,3,4,5,6", ","])
      expect(() => loadConfig({ DOCUMENT_REMINDER_DAYS: wrong })).toThrow(
        /^Invalid configuration: DOCUMENT_REMINDER_DAYS must be up to 5 distinct whole numbers of days/,
      );
  });

  it("needs DOCUMENTS_KEY beside DOCUMENTS_KEY_PREVIOUS", () => {
    expect(() => loadConfig({ DOCUMENTS_KEY_PREVIOUS: key })).toThrow(
      "DOCUMENTS_KEY is required when DOCUMENTS_KEY_PREVIOUS is set",
    );
  });
});

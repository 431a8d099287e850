import { describe, expect, it } from "vitest";
import { listenTarget } from "./listen-target.ts";

const config = { PORT: 3000, HOST: "127.0.0.1" };

describe("listenTarget", () => {
  it("listens on PORT and HOST without a socket from systemd", () => {
    expect(listenTarget(config, {}, 42)).toEqual({ port: 3000, host: "127.0.0.1" });
  });

  it("takes the one socket systemd passed, as fd 3", () => {
    expect(listenTarget(config, { LISTEN_FDS: "1", LISTEN_PID: "42" }, 42)).toEqual({ fd: 3 });
    expect(listenTarget(config, { LISTEN_FDS: "1" }, 42)).toEqual({ fd: 3 });
  });

  it("leaves sockets meant for another process, or more than one, alone", () => {
    expect(listenTarget(config, { LISTEN_FDS: "1", LISTEN_PID: "41" }, 42)).toEqual({
      port: 3000,
      host: "127.0.0.1",
    });
    expect(listenTarget(config, { LISTEN_FDS: "2", LISTEN_PID: "42" }, 42)).toEqual({
      port: 3000,
      host: "127.0.0.1",
    });
  });
});

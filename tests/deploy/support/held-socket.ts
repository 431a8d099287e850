import { Worker } from "node:worker_threads";

export interface HeldSocket {
  port: number;
  /** The listening socket's descriptor, for each server process to take as fd 3. */
  fd: number;
  close(): Promise<void>;
}

/**
 * In a worker thread that is then blocked: it listens, reports the descriptor, and waits on a shared word, so its
 * event loop never accepts a connection. The descriptor belongs to the whole process.
 */
const HOLDER = `
const { parentPort, workerData } = require("node:worker_threads");
const listener = require("node:net").createServer();
listener.listen({ port: 0, host: "127.0.0.1", backlog: 511 }, () => {
  parentPort.postMessage({ port: listener.address().port, fd: listener._handle.fd });
  Atomics.wait(new Int32Array(workerData), 0, 0);
  listener.close();
});
`;

/**
 * A listening socket held open while server processes come and go on it, as systemd holds a socket unit's
 * (deploy/leads.socket): connections made while no process accepts wait in its backlog. Nothing in this process
 * accepts them.
 */
export async function holdSocket(): Promise<HeldSocket> {
  const release = new SharedArrayBuffer(4);
  const worker = new Worker(HOLDER, { eval: true, workerData: release });
  const { port, fd } = await new Promise<{ port: number; fd: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    port,
    fd,
    async close() {
      const flag = new Int32Array(release);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      await new Promise((resolve) => worker.once("exit", resolve));
    },
  };
}

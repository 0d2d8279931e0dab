// Ports on this machine, for tests that start real servers (embedded PostgreSQL, npm run dev).
import net from "node:net";

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Whether something accepts a TCP connection on 127.0.0.1:`port`. */
export const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ port, host: "127.0.0.1" });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

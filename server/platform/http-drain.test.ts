import { createServer } from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { trackConnections } from "./http-drain";

/** Sends one request on a fresh connection; resolves with the status line, or the error's code. */
function requestOnce(port: number, connected: () => void) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      connected();
      socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    });
    let received = "";
    socket.on("data", (chunk) => {
      received += String(chunk);
      if (received.includes("\r\n\r\n")) {
        resolve(received.split("\r\n")[0] as string);
        socket.destroy();
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on("close", () => resolve(received.split("\r\n")[0] || "closed without an answer"));
  });
}

describe("closing the listener on shutdown", () => {
  it("answers the connections still queued in the kernel instead of resetting them", async () => {
    // A busy event loop (each request takes 20 ms of CPU) takes one queued connection per
    // iteration, so connections wait in the kernel's queue while the shutdown begins.
    const server = createServer((_request, response) => {
      const until = Date.now() + 20;
      while (Date.now() < until);
      response.end("ok");
    });
    const connections = trackConnections(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;

    let closedAt = 0;
    const clients = 12;
    let connected = 0;
    let closed: Promise<void> = Promise.resolve();
    const answers = await Promise.all(
      Array.from({ length: clients }, () =>
        requestOnce(port, () => {
          // Every client's handshake is done (the kernel queued it): now stop accepting.
          if (++connected === clients) closed = connections.closeListener(() => (closedAt = Date.now()), 10_000);
        }),
      ),
    );
    await closed;
    expect(closedAt).toBeGreaterThan(0);
    expect(answers).toEqual(Array(clients).fill("HTTP/1.1 200 OK"));
    // And once closed, a new client is refused (a balancer retries it elsewhere).
    expect(await requestOnce(port, () => {})).toBe("ECONNREFUSED");
  });
});

import http from "node:http";

/** What a keep-alive load run saw. A "failed" request was sent and got no complete answer. */
export type LoadFigures = {
  completed: number;
  /** Requests answered after `mark()` (e.g. after SIGTERM), and how many asked to close the connection. */
  completedAfterMark: number;
  connectionCloseAfterMark: number;
  serverErrors: number;
  failed: number;
  failures: string[];
  /** New connections refused once the server stopped listening (a load balancer stops here too). */
  refused: number;
};

/**
 * `connections` clients, each with its own keep-alive connection, sending the paths in turn
 * as fast as answers come back, until stop(), until the server refuses a new connection, or (after
 * mark()) until an answer asks to close the connection. With `reconnect`, a client told to close
 * opens a new connection and goes on (as a balancer that has not yet noticed the failing
 * readiness does, or a load generator), until the server refuses it.
 */
export function keepAliveLoad(baseUrl: string, paths: string[], connections: number, options: { reconnect?: boolean } = {}) {
  const figures: LoadFigures = {
    completed: 0,
    completedAfterMark: 0,
    connectionCloseAfterMark: 0,
    serverErrors: 0,
    failed: 0,
    failures: [],
    refused: 0,
  };
  let stopped = false;
  let marked = false;

  const once = (agent: http.Agent, path: string, answered: () => void) =>
    new Promise<"ok" | "refused" | "moved">((resolve) => {
      const request = http.get(`${baseUrl}${path}`, { agent, headers: { Accept: "text/html,application/json" } }, (response) => {
        response.resume();
        response.on("end", () => {
          figures.completed++;
          answered();
          if ((response.statusCode ?? 0) >= 500) figures.serverErrors++;
          if (marked) {
            figures.completedAfterMark++;
            if (response.headers.connection === "close") {
              figures.connectionCloseAfterMark++;
              // The server is going away: like a load balancer that saw /readyz fail, send the
              // next request elsewhere (this client stops), unless it reconnects.
              resolve(options.reconnect ? "ok" : "moved");
              return;
            }
          }
          resolve("ok");
        });
        response.on("error", (error) => {
          figures.failed++;
          figures.failures.push(`${path}: ${error.message}`);
          resolve("ok");
        });
      });
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") {
          figures.refused++;
          resolve("refused");
          return;
        }
        figures.failed++;
        figures.failures.push(`${path}: ${error.code ?? error.message}`);
        resolve("ok");
      });
    });

  let answeredOnce = 0;
  let allAnswered: () => void = () => {};
  const everyClientAnswered = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  const clients = Array.from({ length: connections }, async (_, index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let answered = false;
    const onAnswer = () => {
      if (answered) return;
      answered = true;
      if (++answeredOnce === connections) allAnswered();
    };
    for (let i = index; !stopped; i++) {
      if ((await once(agent, paths[i % paths.length] as string, onAnswer)) !== "ok") break;
    }
    agent.destroy();
  });

  return {
    figures,
    mark() {
      marked = true;
    },
    /** Resolves once every client has had an answer on its connection (the load is established). */
    everyClientAnswered,
    /** Resolves when every client has stopped (after stop(), or when each was refused). */
    done: Promise.all(clients).then(() => figures),
    stop() {
      stopped = true;
    },
  };
}

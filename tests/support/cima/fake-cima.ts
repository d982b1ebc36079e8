import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { summaryOf } from "./fixtures";

type Fault = { path: string; pagina?: number; kind: "503" | "timeout" | "malformed"; times: number };
export type FakeCima = {
  url: string;
  medicines: Map<string, Record<string, unknown>>;
  changes: Array<{ nregistro: string; fecha: number; tipoCambio: number; cambios: string[] }>;
  supply: Array<Record<string, unknown>>;
  faults: Fault[];
  /** Every request: path with query, and the User-Agent it came with. */
  requests: Array<{ url: string; userAgent: string }>;
  pageSize: number;
  close: () => Promise<void>;
};

const paged = (rows: unknown[], pagina: number, size: number) => ({
  totalFilas: rows.length,
  pagina,
  tamanioPagina: size,
  resultados: rows.slice((pagina - 1) * size, pagina * size),
});

/**
 * A stand-in for the AEMPS CIMA REST API on loopback: /medicamentos, /medicamento, /presentaciones,
 * /registroCambios and /psuministro in CIMA's envelope, plus faults a test arms (a 503, an answer
 * that never comes, a page that is not JSON), each for a number of requests.
 */
export async function startFakeCima(port = 0): Promise<FakeCima> {
  const state: Omit<FakeCima, "url" | "close"> = { medicines: new Map(), changes: [], supply: [], faults: [], requests: [], pageSize: 2 };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    state.requests.push({ url: `${url.pathname}${url.search}`, userAgent: String(req.headers["user-agent"] ?? "") });
    const pagina = Number(url.searchParams.get("pagina") ?? 1);
    const fault = state.faults.find((f) => f.times > 0 && url.pathname.endsWith(f.path) && (f.pagina === undefined || f.pagina === pagina));
    if (fault) {
      fault.times--;
      if (fault.kind === "503") return answer(res, 503, "<html>Service Unavailable</html>");
      if (fault.kind === "malformed") return answer(res, 200, '{"totalFilas": 5, "pagina": ');
      return; // timeout: never answers (the client gives up)
    }
    const path = url.pathname.replace(/^\/cima\/rest/, "");
    if (path === "/medicamentos") {
      // Only the page's rows are summarised: the bench serves a register-sized list (25,000).
      const page = paged([...state.medicines.values()], pagina, state.pageSize);
      return answer(res, 200, { ...page, resultados: page.resultados.map((row) => summaryOf(row as Record<string, unknown>)) });
    }
    if (path === "/medicamento") {
      const found = state.medicines.get(url.searchParams.get("nregistro") ?? "");
      return found ? answer(res, 200, found) : answer(res, 404, "");
    }
    if (path === "/presentaciones") {
      const found = state.medicines.get(url.searchParams.get("nregistro") ?? "");
      return answer(res, 200, paged((found?.presentaciones as unknown[]) ?? [], pagina, 25));
    }
    if (path === "/registroCambios") return answer(res, 200, paged(state.changes, pagina, state.pageSize));
    if (path === "/psuministro") return answer(res, 200, paged(state.supply, pagina, 25));
    answer(res, 404, "");
  });
  // Port 0 (any free one) for tests; the bench may pin one from the range it was given.
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${bound}/cima/rest`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

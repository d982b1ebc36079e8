// Minimal typings for the parts of autocannon 9 the benchmark uses (the package ships none).
declare module "autocannon" {
  type Histogram = { average: number; total: number; p50: number; p90: number; p99: number };
  type RequestSpec = { method?: string; path?: string; setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> };
  type Client = { on(event: "response", listener: (status: number, bytes: number, time: number) => void): void };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    requests?: RequestSpec[];
    headers?: Record<string, string>;
    setupClient?: (client: Client) => void;
  };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

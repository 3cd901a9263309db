// autocannon ships no types; this declares the part the bench uses.
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Client {
    setHeaders(headers: Record<string, string>): void;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    idReplacement?: boolean;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}

import type { CapacityMeter } from './capacity-meter';

/** What a response gave the bench: status, parsed JSON (or text), client-side latency. */
export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Statuses that are an expected answer; anything else stops the bench. Default: any 2xx. */
  accept?: (status: number) => boolean;
}

type Drain = () => Promise<void>;

/**
 * The bench's HTTP client. Before each request it names the operation (the meter charges the request's
 * DynamoDB calls to it), and after it lets the stream consumer catch up, charged to the operation's
 * consumer side, so that every operation's figures hold what it caused and nothing else.
 */
export class BenchClient {
  /** Client-side latencies by operation, ms. */
  readonly latencies = new Map<string, number[]>();

  constructor(
    private readonly baseUrl: string,
    private readonly meter: CapacityMeter,
    private readonly drain: Drain | undefined,
    /** Runs before every request: the meter checks it still sees the process's current DynamoDB client. */
    private readonly beforeRequest: () => void = () => undefined,
  ) {}

  /** Consumer round trips of each operation when its current work began (see `mark`). */
  private readonly marks = new Map<string, number>();

  /** One request, with nothing else in flight. */
  async call(op: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    this.meter.current = op;
    this.mark(op);
    const answer = await this.send(op, method, path, opts);
    await this.settle(op);
    return answer;
  }

  /** Notes where `op`'s consumer work stands before work whose consumer side `settle` will count. */
  mark(op: string): void {
    this.marks.set(op, this.consumerRoundTrips(op));
  }

  private consumerRoundTrips(op: string): number {
    let n = 0;
    for (const k of this.meter.of(op, 'consumer').calls.values()) n += k;
    return n;
  }

  /**
   * Lets the stream consumer apply what the operation wrote (when the local API runs one). The consumer may
   * already have applied some of it in the background (charged to the operation all the same); when it
   * made any DynamoDB call since the mark, that stands for one invocation of the projections function,
   * lasting as long as the drain.
   */
  async settle(op: string): Promise<void> {
    if (!this.drain) return;
    const r = await this.meter.run(op, 'consumer', this.drain);
    const roundTrips = this.consumerRoundTrips(op) - (this.marks.get(op) ?? 0);
    if (roundTrips > 0) this.meter.records.push({ op, path: 'consumer', roundTrips, ms: r.ms });
  }

  /** A request without setting the operation or draining: for concurrent desks, which do both around a batch. */
  async send(op: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    this.beforeRequest();
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    const ms = performance.now() - started;
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    const accept = opts.accept ?? ((s: number) => s >= 200 && s < 300);
    if (!accept(res.status)) {
      throw new Error(`${op}: ${method} ${path} answered ${res.status} ${text.slice(0, 500)}`);
    }
    let list = this.latencies.get(op);
    if (!list) this.latencies.set(op, (list = []));
    list.push(ms);
    return { status: res.status, body: parsed, ms };
  }
}

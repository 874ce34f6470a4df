/** The duration histogram's upper bounds in seconds (as before, when prom-client kept it). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** One route and method's counts: made when the route is registered, so that a call only adds numbers. */
export interface RouteMetrics {
  readonly method: string;
  readonly route: string;
  /** Responses by status code. */
  readonly statuses: Map<number, number>;
  /** Observations per bucket (not cumulative; the last one is +Inf). */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The HTTP request counter and duration histogram (http_requests_total, http_request_duration_seconds)
 * without an allocation per call at any log level: prom-client builds a label hash string at each
 * `inc` and `observe`, so these are plain numbers kept per route, written out in Prometheus' text
 * format when /metrics is scraped.
 */
export class HttpMetrics {
  private readonly routes = new Map<string, RouteMetrics>();

  /** The counts of a route and method (made once, then the same object). */
  of(method: string, route: string): RouteMetrics {
    const key = `${method} ${route}`;
    let found = this.routes.get(key);
    if (!found) {
      found = { method, route, statuses: new Map(), buckets: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 };
      this.routes.set(key, found);
    }
    return found;
  }

  record(m: RouteMetrics, status: number, seconds: number): void {
    m.statuses.set(status, (m.statuses.get(status) ?? 0) + 1);
    let b = 0;
    while (b < BUCKETS.length && seconds > BUCKETS[b]!) b += 1;
    m.buckets[b]! += 1;
    m.sum += seconds;
    m.count += 1;
  }

  /** Prometheus' text format, to append to the registry's. */
  text(): string {
    const lines = ['# HELP http_requests_total HTTP requests', '# TYPE http_requests_total counter'];
    for (const m of this.routes.values()) {
      for (const [status, n] of m.statuses) lines.push(`http_requests_total{method="${escape(m.method)}",route="${escape(m.route)}",status="${status}"} ${n}`);
    }
    lines.push('# HELP http_request_duration_seconds HTTP request duration', '# TYPE http_request_duration_seconds histogram');
    for (const m of this.routes.values()) {
      if (m.count === 0) continue;
      const labels = `method="${escape(m.method)}",route="${escape(m.route)}"`;
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += m.buckets[i]!;
        lines.push(`http_request_duration_seconds_bucket{le="${le}",${labels}} ${cumulative}`);
      });
      lines.push(`http_request_duration_seconds_bucket{le="+Inf",${labels}} ${m.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${m.sum}`, `http_request_duration_seconds_count{${labels}} ${m.count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

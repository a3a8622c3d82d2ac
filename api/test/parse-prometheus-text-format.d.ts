/** Types of the Prometheus text parser the /metrics tests read the answer with (the package ships none). */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    labels?: Record<string, string>;
    /** Counters and gauges. */
    value?: string;
    /** Histograms: cumulative counts by upper bound, and their count and sum. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}

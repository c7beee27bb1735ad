import type middy from '@middy/core';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * Business and error metrics as CloudWatch embedded metric format (no API calls on the hot path).
 * Off in local mode (POWERTOOLS_DEV), where they would only fill the console.
 */
export const metrics = new Metrics({ namespace: 'SportPoker', serviceName: 'sport-poker' });

export function count(name: string, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/**
 * Flushes what a request recorded, and nothing when it recorded nothing: Powertools' own middleware
 * warns on every request without a metric, which is most of them.
 */
export function flushMetrics(): middy.MiddlewareObj {
  const flush = async () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return {
    before: async (request) => {
      metrics.captureColdStartMetric(request.context.functionName);
    },
    after: flush,
    onError: flush,
  };
}

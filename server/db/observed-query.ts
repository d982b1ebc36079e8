/**
 * Told when a query starts (its SQL text: placeholders, never the values); the function it returns
 * is called when the query ends. Metrics and traces (server/platform/telemetry) register one.
 */
export type QueryObserver = (statement: string) => (error?: unknown) => void;

export type QueryFn = (...args: unknown[]) => unknown;
const WRAPPED = Symbol("observed");

/**
 * Wraps a driver's query function so that each call is reported to the observers, whichever form
 * it takes (a promise, or pg's callback that pool.query passes). Costs one array check when none.
 */
export function observedQuery(query: QueryFn, observers: QueryObserver[]): QueryFn {
  if ((query as { [WRAPPED]?: boolean })[WRAPPED]) return query;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    if (observers.length === 0) return query.apply(this, args);
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    const ends = observers.map((observe) => observe(text));
    const end = (error?: unknown) => {
      for (const done of ends) done(error);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        end(error ?? undefined);
        return callback(error, ...rest);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as { then?: unknown };
    if (result && typeof result.then === "function") {
      return (result as Promise<unknown>).then(
        (value) => {
          end();
          return value;
        },
        (error) => {
          end(error);
          throw error;
        },
      );
    }
    end(); // a submittable (cursor, stream): its rows come later, uncounted
    return result;
  };
  (wrapped as unknown as { [WRAPPED]: boolean })[WRAPPED] = true;
  return wrapped;
}

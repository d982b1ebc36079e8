import { useCallback, useState } from "react";

/**
 * The busy overlay's message while an async task runs (product-spec §8), or null. The task's
 * result (or error) is passed through.
 */
export function useBusy() {
  const [message, setMessage] = useState<string | null>(null);
  const run = useCallback(async <T>(text: string, task: () => Promise<T>): Promise<T> => {
    setMessage(text);
    try {
      return await task();
    } finally {
      setMessage(null);
    }
  }, []);
  return { busyMessage: message, busy: message !== null, run };
}

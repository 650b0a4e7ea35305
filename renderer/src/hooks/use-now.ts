import { useEffect, useState } from 'react';

/** The current time, re-rendered every `periodMs`. */
export function useNow(periodMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

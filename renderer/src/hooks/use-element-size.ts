import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** An element's content size, followed as it resizes (0 × 0 before it mounts). */
export function useElementSize<T extends HTMLElement>(): [RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    setSize({ width: element.clientWidth, height: element.clientHeight });
    const observer = new ResizeObserver(([entry]) => setSize({ width: Math.floor(entry?.contentRect.width ?? 0), height: Math.floor(entry?.contentRect.height ?? 0) }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

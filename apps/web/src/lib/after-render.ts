import { useCallback, useEffect, useReducer, useRef } from 'react';

/**
 * Runs a callback once, after React has put the next render on the page: focus moved to something the same update
 * shows. A frame (`requestAnimationFrame`) can come before a slow render is committed and find the old step, leaving
 * focus on the body. When several callbacks are asked for before one render, the last one runs.
 */
export function useAfterRender(): (callback: () => void) => void {
  const pending = useRef<() => void>(undefined);
  // A render is asked for too, so the callback runs even when nothing else changed.
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  useEffect(() => {
    const callback = pending.current;
    pending.current = undefined;
    callback?.();
  });
  return useCallback((callback: () => void) => {
    pending.current = callback;
    rerender();
  }, []);
}

// Refreshing what is still changing: while `active`, `reload` runs every `every` ms (after the
// previous one finished, so slow answers do not pile up); it stops as soon as `active` is false.
import { useEffect, useRef } from "react";

export function usePolling(active: boolean, reload: () => Promise<void>, every = 2000) {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await latest.current().catch(() => undefined);
      if (live) timer = setTimeout(() => void tick(), every);
    };
    timer = setTimeout(() => void tick(), every);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, every]);
}

// How many children each listed item has (a toolset's tools, a skillset's skills), where the
// list does not say: one request per item, so only the first screenful is counted.
import { useEffect, useRef, useState } from "react";

const COUNTED = 50;

/** The counts by item id, filled in as they arrive; `enabled`: the caller may read the children. */
export function useChildCounts<I extends { id: string }>(items: I[] | undefined, enabled: boolean, count: (item: I) => Promise<number>) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const counter = useRef(count);
  counter.current = count;
  useEffect(() => {
    if (!items || !enabled) return;
    let live = true;
    for (const item of items.slice(0, COUNTED)) {
      counter
        .current(item)
        .then((counted) => live && setCounts((current) => ({ ...current, [item.id]: counted })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [items, enabled]);
  return counts;
}

// Narrowing a list as a person types: every word of the query must appear somewhere in an item's
// text, ignoring case, so "prod s3" finds "S3 buckets in production".
import { useDeferredValue, useMemo, useState } from "react";

/** The words of a query, lower-cased; none for a blank one. */
const wordsOf = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

/** The text an item is searched by: its string, number and boolean values, nested ones too. */
export function searchableText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return Object.values(value).map(searchableText).join(" ");
  return String(value);
}

/**
 * The query a search box edits and the items matching it. Each item's text is worked out when
 * the list (or `text`) changes, not per keystroke, and filtering follows the typing with React's
 * deferred value, so a table of 50,000 rows stays responsive.
 */
export function useSearch<T>(items: T[], text: (item: T) => string = searchableText) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const texts = useMemo(() => items.map((item) => text(item).toLowerCase()), [items, text]);
  const matching = useMemo(() => {
    const words = wordsOf(deferred);
    if (words.length === 0) return items;
    return items.filter((_, index) => words.every((word) => texts[index]?.includes(word)));
  }, [items, texts, deferred]);
  return { query, setQuery, matching };
}

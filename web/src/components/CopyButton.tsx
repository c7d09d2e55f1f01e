// Copies a text to the clipboard, saying "Copied" for a moment. Where the browser refuses (an
// insecure context) the text stays on screen to select by hand.
import { useEffect, useState } from "react";

export function CopyButton({ text, label, className = "button small" }: { text: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard refused: the text stays selectable.
    }
  };
  return (
    <button type="button" className={className} onClick={() => void copy()}>
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </button>
  );
}

// A SKILL.md's markdown as React elements: headings, paragraphs, lists, fenced code, quotes and
// rules, with inline code, bold, italics and links. Built as elements, never as HTML, so a
// package's text cannot inject markup or script; a link is kept only for http(s) and mailto.
import type { ReactNode } from "react";

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [token] = match;
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    const key = `${at}`;
    if (match[1]) parts.push(<code key={key}>{token.slice(1, -1)}</code>);
    else if (match[2]) parts.push(<strong key={key}>{inline(token.slice(2, -2))}</strong>);
    else if (match[3]) parts.push(<em key={key}>{inline(token.slice(1, -1))}</em>);
    else {
      const [, label = "", href = ""] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token) ?? [];
      parts.push(
        /^(https?:|mailto:)/i.test(href) ? (
          <a key={key} href={href} rel="noreferrer noopener" target="_blank">
            {inline(label)}
          </a>
        ) : (
          <span key={key}>{inline(label)}</span>
        ),
      );
    }
    last = at + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "code"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "quote"; text: string }
  | { kind: "rule" }
  | { kind: "paragraph"; text: string };

function blocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const result: Block[] = [];
  let index = 0;
  const take = (test: (line: string) => boolean) => {
    const taken: string[] = [];
    while (index < lines.length && test(lines[index] as string)) taken.push(lines[index++] as string);
    return taken;
  };
  while (index < lines.length) {
    const line = lines[index] as string;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (line.trim() === "") index++;
    else if (heading) {
      result.push({ kind: "heading", level: (heading[1] as string).length, text: heading[2] as string });
      index++;
    } else if (/^```/.test(line)) {
      index++;
      const code = take((next) => !/^```/.test(next));
      index++;
      result.push({ kind: "code", text: code.join("\n") });
    } else if (/^(-{3,}|\*{3,})\s*$/.test(line)) {
      result.push({ kind: "rule" });
      index++;
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items = take((next) => /^\s*([-*+]|\d+[.)])\s+/.test(next)).map((item) => item.replace(/^\s*([-*+]|\d+[.)])\s+/, ""));
      result.push({ kind: "list", ordered, items });
    } else if (line.startsWith(">")) {
      result.push({
        kind: "quote",
        text: take((next) => next.startsWith(">"))
          .map((quoted) => quoted.replace(/^>\s?/, ""))
          .join(" "),
      });
    } else {
      const paragraph = take((next) => next.trim() !== "" && !/^(#{1,6}\s|```|>|\s*([-*+]|\d+[.)])\s+)/.test(next));
      result.push({ kind: "paragraph", text: paragraph.join(" ") });
    }
  }
  return result;
}

export function Markdown({ source, label }: { source: string; label: string }) {
  return (
    <article className="markdown" aria-label={label}>
      {blocks(source).map((block, index) => {
        const key = `${index}`;
        switch (block.kind) {
          case "heading": {
            // The page's own h1 comes first: a document's headings start one level below it.
            const Tag = `h${Math.min(block.level + 1, 6)}` as "h2";
            return <Tag key={key}>{inline(block.text)}</Tag>;
          }
          case "code":
            return (
              <pre key={key}>
                <code>{block.text}</code>
              </pre>
            );
          case "list": {
            const Tag = block.ordered ? "ol" : "ul";
            return (
              <Tag key={key}>
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a rendered document never reorders; an item's place is its identity
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </Tag>
            );
          }
          case "quote":
            return <blockquote key={key}>{inline(block.text)}</blockquote>;
          case "rule":
            return <hr key={key} />;
          default:
            return <p key={key}>{inline(block.text)}</p>;
        }
      })}
    </article>
  );
}

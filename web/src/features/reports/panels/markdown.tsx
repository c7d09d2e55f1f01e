// A small Markdown renderer for markdown panels, into React elements rather than HTML, so a
// report's text can never inject markup or script. It covers what dashboards use: headings,
// paragraphs, lists, code blocks, and inline bold, italics, code and http(s) links.
import type { ReactNode } from "react";

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*]+\*|_[^_]+_)|(\[[^\]]+\]\([^)\s]+\))/;

function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let key = 0;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const [token] = match;
    if (match[1]) nodes.push(<code key={key++}>{token.slice(1, -1)}</code>);
    else if (match[2]) nodes.push(<strong key={key++}>{inline(token.slice(2, -2))}</strong>);
    else if (match[3]) nodes.push(<em key={key++}>{inline(token.slice(1, -1))}</em>);
    else {
      const [, label = "", href = ""] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token) ?? [];
      nodes.push(
        /^https?:\/\//.test(href) ? (
          <a key={key++} href={href} target="_blank" rel="noreferrer noopener">
            {inline(label)}
          </a>
        ) : (
          label
        ),
      );
    }
    rest = rest.slice(match.index + token.length);
  }
  if (rest) nodes.push(rest);
  return nodes;
}

export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  for (let index = 0; index < lines.length; ) {
    const line = lines[index]!;
    const key = index;
    if (line.trim() === "") {
      index++;
    } else if (line.startsWith("```")) {
      const code: string[] = [];
      for (index++; index < lines.length && !lines[index]!.startsWith("```"); index++) code.push(lines[index]!);
      index++;
      blocks.push(
        <pre key={key}>
          <code>{code.join("\n")}</code>
        </pre>,
      );
    } else if (/^#{1,6}\s/.test(line)) {
      const level = Math.min(6, line.indexOf(" ") + 2);
      const Heading = `h${level}` as "h3";
      blocks.push(<Heading key={key}>{inline(line.replace(/^#+\s+/, ""))}</Heading>);
      index++;
    } else if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      for (; index < lines.length && /^\s*([-*]|\d+\.)\s/.test(lines[index]!); index++) items.push(lines[index]!.replace(/^\s*([-*]|\d+\.)\s+/, ""));
      const List = ordered ? "ol" : "ul";
      blocks.push(
        <List key={key}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items of static text have no identity but their place
            <li key={i}>{inline(item)}</li>
          ))}
        </List>,
      );
    } else {
      const paragraph: string[] = [];
      for (; index < lines.length && lines[index]!.trim() !== "" && !/^(#{1,6}\s|```|\s*([-*]|\d+\.)\s)/.test(lines[index]!); index++)
        paragraph.push(lines[index]!);
      blocks.push(<p key={key}>{inline(paragraph.join(" "))}</p>);
    }
  }
  return <div className="markdown">{blocks}</div>;
}

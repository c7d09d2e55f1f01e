// Skill templates: plain text with `{% $name %}` placeholders and nothing else (upstream Seizu's
// only construct). Every `{%` must open such a placeholder naming a declared parameter, so a
// typo or another template language's tag is refused when the skill is written instead of
// reaching a model verbatim.
import type { FieldIssue } from "../errors/domain";

const OPEN = "{%";
const PLACEHOLDER = /\{%\s*\$([A-Za-z_][A-Za-z0-9_]*)\s*%\}/y;

interface Segment {
  /** Literal text, or the parameter name of a placeholder. */
  text: string;
  placeholder: boolean;
  offset: number;
}

/** The template cut into literal text and placeholders; a `{%` that opens no placeholder is an issue. */
function segments(template: string): { segments: Segment[]; issues: FieldIssue[] } {
  const result: Segment[] = [];
  const issues: FieldIssue[] = [];
  let literalStart = 0;
  let at = template.indexOf(OPEN);
  while (at !== -1) {
    PLACEHOLDER.lastIndex = at;
    const match = PLACEHOLDER.exec(template);
    if (!match) {
      issues.push({
        field: "template",
        rule: "malformed_placeholder",
        message: `has ${JSON.stringify(template.slice(at, at + 20))}: templates support only {% $name %} placeholders`,
        ...position(template, at),
      });
      at = template.indexOf(OPEN, at + OPEN.length);
      continue;
    }
    if (at > literalStart) result.push({ text: template.slice(literalStart, at), placeholder: false, offset: literalStart });
    result.push({ text: match[1] as string, placeholder: true, offset: at });
    literalStart = at + match[0].length;
    at = template.indexOf(OPEN, literalStart);
  }
  if (literalStart < template.length) result.push({ text: template.slice(literalStart), placeholder: false, offset: literalStart });
  return { segments: result, issues };
}

/** 1-based line and column of an offset, as Cypher issues report them. */
function position(text: string, offset: number) {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1, offset };
}

/** Every problem of a template whose parameters are `declared`. */
export function templateIssues(template: string, declared: string[]): FieldIssue[] {
  const known = new Set(declared);
  const parsed = segments(template);
  const unknown = parsed.segments
    .filter((segment) => segment.placeholder && !known.has(segment.text))
    .map((segment) => ({
      field: "template",
      rule: "unknown_placeholder",
      message: `uses {% $${segment.text} %}, which is not a parameter of this skill (parameters: ${declared.join(", ") || "none"})`,
      ...position(template, segment.offset),
    }));
  return [...parsed.issues, ...unknown].sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
}

/** The template with each placeholder replaced by its value; only called on a template without issues. */
export function fillTemplate(template: string, values: ReadonlyMap<string, string>): string {
  return segments(template)
    .segments.map((segment) => (segment.placeholder ? (values.get(segment.text) ?? "") : segment.text))
    .join("");
}

// A skill's `allowed-tools` (SKILL.md frontmatter) as chips; kept as information, not enforced.
import "./plugins.css";

export function AllowedTools({ tools, skill }: { tools: string[]; skill: string }) {
  if (tools.length === 0) return <span className="muted">None listed</span>;
  return (
    <ul className="tool-chips" aria-label={`Allowed tools of ${skill}`}>
      {tools.map((tool) => (
        <li key={tool}>{tool}</li>
      ))}
    </ul>
  );
}

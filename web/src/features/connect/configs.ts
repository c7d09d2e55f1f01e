// Ready-to-paste configurations of an agent for one endpoint URL. With sign-in on, each sends
// the person's access token from the environment variable TOKEN_VARIABLE rather than a token
// written into a file.
export const TOKEN_VARIABLE = "SEIZU_TOKEN";

export interface AgentConfig {
  id: "claude-code" | "claude-desktop" | "mcp-json";
  title: string;
  /** Where the text goes. */
  where: string;
  text: string;
}

/** The text as one shell word: inside single quotes, a quote closes, is escaped, and reopens. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function agentConfigs(name: string, url: string, signIn: boolean): AgentConfig[] {
  const bearer = `Bearer \${${TOKEN_VARIABLE}}`;
  const header = signIn ? ` --header "Authorization: Bearer $${TOKEN_VARIABLE}"` : "";
  return [
    {
      id: "claude-code",
      title: "Claude Code",
      where: "Run in a terminal, in the project the agent works on.",
      text: `claude mcp add --transport http ${shellWord(name)} ${shellWord(url)}${header}`,
    },
    {
      id: "claude-desktop",
      title: "Claude Desktop",
      where: "Add to claude_desktop_config.json (Settings → Developer → Edit Config); mcp-remote bridges to the HTTP endpoint.",
      text: json({
        mcpServers: {
          [name]: {
            command: "npx",
            args: ["-y", "mcp-remote", url, ...(signIn ? ["--header", `Authorization:\${AUTH_HEADER}`] : [])],
            ...(signIn ? { env: { AUTH_HEADER: `Bearer <your ${TOKEN_VARIABLE}>` } } : {}),
          },
        },
      }),
    },
    {
      id: "mcp-json",
      title: ".mcp.json",
      where: "Save as .mcp.json at the root of a project: Claude Code offers it to everyone who opens the project.",
      text: json({ mcpServers: { [name]: { type: "http", url, ...(signIn ? { headers: { Authorization: bearer } } : {}) } } }),
    },
  ];
}

// /connect: the MCP endpoint URL for the tools an agent should see (built-in groups, toolsets,
// tags, read-only), what that URL's tools/list costs the agent (measured on the endpoint with
// the person's token), and ready-to-paste configurations. Loaded on demand.
import { useEffect, useId, useState } from "react";
import { CopyButton } from "../../components/CopyButton";
import { CheckboxField, TextField } from "../../components/Fields";
import { PageHeader } from "../../components/Page";
import { Panel } from "../../components/Panel";
import { Badge, Loaded } from "../../components/States";
import { useResource } from "../../hooks";
import { useSession } from "../../session";
import { isBuiltinTool, type ToolList, type ToolsetList } from "../../types";
import { toolsOf } from "../tools";
import { TOOLSETS } from "../toolsets";
import { agentConfigs, TOKEN_VARIABLE } from "./configs";
import { endpointUrl, listOf, type ToolChoice } from "./endpoint-url";
import { measureToolsList, type ToolsListCost } from "./measure";
import "./connect.css";

/** The groups a new agent most often needs: exploring the graph; management tools stay out until chosen. */
const DEFAULT_GROUPS = ["graph"];
const NAME_RULE = /^[A-Za-z0-9_-]{1,64}$/;
/** Waits for typing to pause before measuring again. */
const MEASURE_DELAY_MS = 300;

type TagKey = "includeTags" | "excludeTags";

const TAG_FIELDS: { key: TagKey; name: string; label: string; hint?: string }[] = [
  {
    key: "includeTags",
    name: "include_tags",
    label: "Only tools tagged",
    hint: "Comma-separated. A built-in tool is tagged builtin and its group; a toolset's tool user and its toolset id.",
  },
  { key: "excludeTags", name: "exclude_tags", label: "Hide tools tagged" },
];

interface Group {
  name: string;
  tools: number;
}

interface Toolset {
  id: string;
  name: string;
  enabled: boolean;
}

export default function ConnectPage() {
  const toolsets = useResource<ToolsetList>(TOOLSETS);
  const builtins = useResource<ToolList>(toolsOf("seizu"));
  return (
    <>
      <PageHeader title="Connect an agent">
        <p className="lede">
          Choose the tools an agent sees. Every tool's definition is sent to the agent's model in every conversation, so a narrower URL leaves more of its
          context for the work.
        </p>
      </PageHeader>
      {/* The choice starts from both lists, so it waits for both. */}
      <Loaded resource={toolsets} needs={[builtins]} loading="Loading toolsets…">
        {(toolsetList) => (
          <Loaded resource={builtins} needs={[toolsets]} loading="Loading tools…">
            {(builtinList) => (
              <Connect
                groups={groupsOf(builtinList)}
                toolsets={toolsetList.toolsets.filter((toolset) => !toolset.built_in).map(({ id, name, enabled }) => ({ id, name, enabled }))}
              />
            )}
          </Loaded>
        )}
      </Loaded>
    </>
  );
}

function groupsOf(list: ToolList): Group[] {
  const counts = new Map<string, number>();
  for (const tool of list.tools) if (isBuiltinTool(tool)) counts.set(tool.group, (counts.get(tool.group) ?? 0) + 1);
  return [...counts].map(([name, tools]) => ({ name, tools }));
}

function Connect({ groups, toolsets }: { groups: Group[]; toolsets: Toolset[] }) {
  const session = useSession();
  const [choice, setChoice] = useState<Omit<ToolChoice, TagKey>>(() => ({
    groups: groups.map((group) => group.name).filter((name) => DEFAULT_GROUPS.includes(name)),
    toolsets: toolsets.filter((toolset) => toolset.enabled).map((toolset) => toolset.id),
    readOnly: false,
  }));
  // The tag fields as typed; the URL takes them as lists.
  const [tagTexts, setTagTexts] = useState<Record<TagKey, string>>({ includeTags: "", excludeTags: "" });
  const [name, setName] = useState("seizu");
  const url = endpointUrl(
    location.origin,
    { ...choice, includeTags: listOf(tagTexts.includeTags), excludeTags: listOf(tagTexts.excludeTags) },
    groups.map((group) => group.name),
  );
  const nameValid = NAME_RULE.test(name);

  const toggle = (key: "groups" | "toolsets", item: string, on: boolean) =>
    setChoice((current) => ({ ...current, [key]: on ? [...current[key], item] : current[key].filter((each) => each !== item) }));

  return (
    <div className="connect-layout">
      <form className="panel connect-choice" aria-label="Tools to offer" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="connect-options">
          <legend>Built-in groups</legend>
          <p className="hint">Seizu's own tools, by group: the graph, and managing toolsets, reports, roles, workflows…</p>
          {groups.map((group) => (
            <CheckboxField
              key={group.name}
              name={`group-${group.name}`}
              label={group.name}
              hint={`${group.tools} tool${group.tools === 1 ? "" : "s"}`}
              checked={choice.groups.includes(group.name)}
              onChange={(on) => toggle("groups", group.name, on)}
            />
          ))}
        </fieldset>
        <fieldset className="connect-options">
          <legend>Toolsets</legend>
          {toolsets.length === 0 ? (
            <p className="hint">No toolsets yet: create one under MCP Toolsets.</p>
          ) : (
            toolsets.map((toolset) => (
              <CheckboxField
                key={toolset.id}
                name={`toolset-${toolset.id}`}
                label={toolset.name}
                hint={
                  <>
                    <code>{toolset.id}</code> {!toolset.enabled && <Badge tone="off">Disabled: lists nothing</Badge>}
                  </>
                }
                checked={choice.toolsets.includes(toolset.id)}
                onChange={(on) => toggle("toolsets", toolset.id, on)}
              />
            ))
          )}
          {choice.groups.length === 0 && choice.toolsets.length === 0 && (
            <p className="notice warn">No group or toolset chosen: the URL offers every tool the filters below allow.</p>
          )}
        </fieldset>
        <fieldset className="connect-options">
          <legend>Tags and access</legend>
          {TAG_FIELDS.map((field) => (
            <TextField
              key={field.key}
              name={field.name}
              label={field.label}
              hint={field.hint}
              value={tagTexts[field.key]}
              onChange={(text) => setTagTexts((current) => ({ ...current, [field.key]: text }))}
            />
          ))}
          <CheckboxField
            name="read_only"
            label="Read-only tools only"
            hint="Tools that change nothing; calls to any other tool are refused."
            checked={choice.readOnly}
            onChange={(readOnly) => setChoice((current) => ({ ...current, readOnly }))}
          />
        </fieldset>
      </form>
      <div className="connect-result">
        <Panel title="Endpoint URL">
          <div className="connect-url-row">
            <code className="connect-url" data-testid="connect-url">
              {url}
            </code>
            <CopyButton text={url} label="Copy URL" />
          </div>
          <Cost url={url} />
        </Panel>
        <Panel title="Configuration">
          <TextField
            name="server_name"
            label="Server name in the agent"
            value={name}
            onChange={setName}
            error={nameValid ? undefined : ["Use 1 to 64 letters, digits, - and _."]}
          />
          {session.config.require_auth && (
            <p className="hint connect-token-note">
              Sign-in is on: set <code>{TOKEN_VARIABLE}</code> to an access token your OpenID provider issues for this server. Each configuration sends it as{" "}
              <code>Authorization: Bearer …</code>.
            </p>
          )}
          {nameValid && agentConfigs(name, url, session.config.require_auth).map((config) => <ConfigBlock key={config.id} {...config} />)}
        </Panel>
      </div>
    </div>
  );
}

function ConfigBlock({ id, title, where, text }: ReturnType<typeof agentConfigs>[number]) {
  const headingId = useId();
  return (
    <section className="connect-config" aria-labelledby={headingId} data-config={id}>
      <div className="connect-config-header">
        <h3 id={headingId}>{title}</h3>
        <CopyButton text={text} label={`Copy ${title}`} />
      </div>
      <p className="hint">{where}</p>
      <pre className="connect-config-text">
        <code>{text}</code>
      </pre>
    </section>
  );
}

type Measured = { state: "measuring" } | { state: "done"; cost: ToolsListCost } | { state: "failed"; message: string };

/** The URL's tools/list, measured again (after a pause in typing) whenever the URL changes. */
function useToolsListCost(url: string): Measured {
  const [measured, setMeasured] = useState<Measured>({ state: "measuring" });
  useEffect(() => {
    const controller = new AbortController();
    setMeasured({ state: "measuring" });
    const timer = setTimeout(() => {
      measureToolsList(url, controller.signal).then(
        (cost) => setMeasured({ state: "done", cost }),
        (error: Error) => controller.signal.aborted || setMeasured({ state: "failed", message: error.message }),
      );
    }, MEASURE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
  return measured;
}

const number = (value: number) => value.toLocaleString("en-US");

function Cost({ url }: { url: string }) {
  const measured = useToolsListCost(url);
  if (measured.state === "failed")
    return (
      <p className="form-error" role="alert">
        The endpoint refused this URL's tools/list: {measured.message}
      </p>
    );
  const cost = measured.state === "done" ? measured.cost : undefined;
  return (
    <div className="connect-cost" aria-busy={!cost}>
      <p className="hint">What the agent's tools/list costs at this URL, as you (measured on the endpoint):</p>
      <dl>
        <div>
          <dt>Tools</dt>
          <dd data-testid="connect-tools">{cost ? number(cost.tools) : "…"}</dd>
        </div>
        <div>
          <dt>Bytes</dt>
          <dd data-testid="connect-bytes">{cost ? number(cost.bytes) : "…"}</dd>
        </div>
        <div>
          <dt>About</dt>
          <dd data-testid="connect-tokens">{cost ? `${number(Math.round(cost.bytes / 4))} tokens` : "…"}</dd>
        </div>
      </dl>
      <p className="visually-hidden" role="status">
        {cost ? `${cost.tools} tools, ${cost.bytes} bytes` : "Measuring…"}
      </p>
    </div>
  );
}

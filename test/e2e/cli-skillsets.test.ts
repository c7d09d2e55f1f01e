// `seizu seed` and `seizu export` with a skillsets: section, end to end: the real binary
// against the Worker under `wrangler dev`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliOnWorker, ok, type Cli } from "../support/cli";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
const suffix = Date.now().toString(36);
const toolset = `cli_ts_${suffix}`;
const skillset = `cli-ss-${suffix}`;
const skillsetId = skillset.replaceAll("-", "_");

cliOnWorker((stack) => ({ worker, cli } = stack));

const seedYaml = (template = "Count the nodes with {% $label %},\\nthen explain.") => `# seeds
toolsets:
  ${toolset}:
    name: Counting
    tools:
      count:
        name: Count
        cypher: MATCH (n) RETURN count(n) AS total
skillsets:
  ${skillset}:
    name: Analysis
    skills:
      count-nodes:
        name: Count nodes
        template: "${template}"
        parameters:
          - name: label
            type: string
        triggers: [count nodes, how many]
        tools_required: [${toolset}__count]
reports: {}
`;

describe("seizu seed and export with skillsets", () => {
  it("seeds toolsets, then the skillsets whose skills require their tools", async () => {
    const file = cli.write("seed/skills.yaml", seedYaml());
    const result = ok(await cli.run(["seed", "--config", file]));
    expect(result.stdout).toMatch(/^2 created, 0 updated, 0 unchanged$/m);
    expect(result.stdout).toMatch(/^ACTION\s+KIND\s+SKILLSET\s+SKILL$/m);
    expect(result.stdout).toMatch(new RegExp(`^created\\s+skill\\s+${skillsetId}\\s+count_nodes$`, "m"));
    expect(result.stdout).toMatch(/^skillsets: 2 created, 0 updated, 0 unchanged$/m);
    const skill = (await rest(worker.url, "GET", `/skillsets/${skillsetId}/skills/count_nodes`)).body;
    expect(skill).toMatchObject({
      triggers: ["count nodes", "how many"],
      tools_required: [`${toolset}__count`],
      parameters: [{ name: "label", required: true }],
    });
  });

  it("reports nothing new when seeded again, in JSON beside the toolsets reply", async () => {
    const file = cli.write("seed/skills.yaml", seedYaml());
    const json = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(json.entries.map((entry: { action: string }) => entry.action)).toEqual(["unchanged", "unchanged"]);
    expect(json.skillsets.entries.map((entry: { action: string }) => entry.action)).toEqual(["unchanged", "unchanged"]);
  });

  it("points a template problem the server found at its line in the file, writing nothing", async () => {
    const file = cli.write("seed/bad.yaml", seedYaml("Count {% $nobody %}"));
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`bad.yaml:15:\\d+: skillsets.${skillsetId}.skills.count_nodes.template: uses \\{% \\$nobody %\\}`));
    expect((await rest(worker.url, "GET", `/skillsets/${skillsetId}/skills/count_nodes`)).body.template).toContain("$label");
  });

  it("checks the skillsets: section's structure locally", async () => {
    const file = cli.write(
      "seed/shape.yaml",
      `skillsets:\n  s:\n    name: S\n    skills:\n      k:\n        name: K\n        template: x\n        triggers: yes\n`,
    );
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("skillsets.s.skills.k.triggers: must be a list of strings");
  });

  it("exports skillsets into their section, keeping the file's spelling and other sections", async () => {
    const file = cli.write("seed/skills.yaml", seedYaml());
    const result = ok(await cli.run(["export", "--config", file]));
    expect(result.stdout).toMatch(/^wrote \d+ toolsets and \d+ tools and \d+ reports, \d+ skillsets and \d+ skills to /);
    const written = readFileSync(file, "utf8");
    expect(written.startsWith("# seeds\n")).toBe(true);
    const parsed = parse(written);
    expect(parsed.reports).toEqual({});
    expect(parsed.skillsets[skillset].skills["count-nodes"]).toMatchObject({
      template: "Count the nodes with {% $label %},\nthen explain.",
      triggers: ["count nodes", "how many"],
    });
    // A multi-line template is written as a literal block.
    expect(written).toContain("template: |-\n");
    const again = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(again.skillsets.entries.every((entry: { action: string }) => entry.action === "unchanged")).toBe(true);
  });
});

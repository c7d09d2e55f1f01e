// A graph panel: the rows' nodes and links laid out by d3-force and drawn as SVG, coloured by
// group with a legend. This module (with d3-force) is loaded only when a report has a graph
// panel (Panel.tsx imports it lazily), keeping it out of the first-load bundle.
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from "d3-force";
import { useMemo } from "react";
import type { PanelConfig, Row } from "../../../types";
import { clip } from "./chart-text";
import { type GraphNode, graphOf } from "./graph-data";
import { colour } from "./values";

type Placed = GraphNode & SimulationNodeDatum & { x: number; y: number };
type PlacedLink = SimulationLinkDatum<Placed> & { type: string; source: Placed; target: Placed };

const RADIUS = 7;
/** Beyond this many nodes labels would cover each other; each node keeps its tooltip. */
const MAX_LABELLED = 80;
const PAD = 80;
const MIN_WIDTH = 900;
const MIN_HEIGHT = 420;

/** Runs the simulation to rest up front: a still picture, the same for the same rows. */
function layout(panel: PanelConfig, rows: Row[]) {
  const graph = graphOf(panel, rows);
  const nodes = graph.nodes.map((node) => ({ ...node })) as Placed[];
  const links = graph.links.map((link) => ({ ...link })) as unknown as PlacedLink[];
  forceSimulation<Placed>(nodes)
    .force(
      "link",
      forceLink<Placed, PlacedLink>(links)
        .id((node) => node.id)
        .distance(60),
    )
    .force("charge", forceManyBody().strength(-150))
    .force("collide", forceCollide(RADIUS * 2))
    // Pulls every part towards the middle, so unconnected parts do not drift apart.
    .force("x", forceX(0).strength(0.06))
    .force("y", forceY(0).strength(0.06))
    .stop()
    .tick(300);
  const groups = [...new Set(nodes.map((node) => node.group))];
  // The picture spans at least the panel's usual size, so labels stay at their font size
  // however few the nodes are.
  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  const width = Math.max(MIN_WIDTH, Math.max(...xs) - Math.min(...xs) + 2 * PAD);
  const height = Math.max(MIN_HEIGHT, Math.max(...ys) - Math.min(...ys) + 2 * PAD);
  const middle = [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2] as const;
  const box = [middle[0] - width / 2, middle[1] - height / 2, width, height];
  return { nodes, links, groups, box: box.join(" ") };
}

export default function GraphPanel({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  const { nodes, links, groups, box } = useMemo(() => layout(panel, rows), [panel, rows]);
  if (nodes.length === 0) return <p className="state empty">The query returned no nodes.</p>;
  const fill = (group: string) => colour(groups.indexOf(group));
  return (
    <div className="graph-panel">
      <svg
        className="chart graph-chart"
        viewBox={box}
        role="img"
        aria-label={`${panel.caption ?? "Graph"}: ${nodes.length} nodes and ${links.length} links`}
        data-nodes={nodes.length}
        data-links={links.length}
      >
        <g className="links">
          {links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two nodes may be linked more than once; the place tells the links apart
            <line key={index} x1={link.source.x} y1={link.source.y} x2={link.target.x} y2={link.target.y}>
              <title>{`${link.source.text} ${link.type || "→"} ${link.target.text}`}</title>
            </line>
          ))}
        </g>
        <g className="nodes">
          {nodes.map((node) => (
            <g key={node.id} transform={`translate(${node.x} ${node.y})`}>
              <title>{`${node.text} (${node.group})`}</title>
              <circle r={RADIUS} fill={fill(node.group)} />
              {nodes.length <= MAX_LABELLED && (
                <text x={RADIUS + 3} dominantBaseline="central" className="node-label">
                  {clip(node.text, 28)}
                </text>
              )}
            </g>
          ))}
        </g>
      </svg>
      {groups.length > 1 && (
        <ul className="legend horizontal" aria-label={`Legend of ${panel.caption ?? "the graph"}`}>
          {groups.map((group) => (
            <li key={group}>
              <span className="swatch" style={{ background: fill(group) }} aria-hidden="true" /> {group || "(none)"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

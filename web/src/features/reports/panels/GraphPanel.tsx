// A graph panel: the rows' nodes and links laid out by d3-force and drawn as SVG, coloured by
// group with a legend. Zoom and pan (graph-zoom.ts); labels that never pile up (graph-labels.ts):
// as many as fit are named, the best-connected first, and hovering or tapping a node names it and
// its neighbours. Nodes and labels keep their size on screen while the layout zooms. This module
// (with d3) is loaded only when a report has a graph panel (Panel.tsx imports it lazily).
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from "d3-force";
import { useMemo, useRef, useState } from "react";
import type { PanelConfig, Row } from "../../../types";
import { clip } from "./chart-text";
import { type GraphNode, graphOf } from "./graph-data";
import { LABEL_HEIGHT, type LabelCandidate, type PlacedLabel, placeLabels } from "./graph-labels";
import { type Bounds, useGraphZoom } from "./graph-zoom";
import { colour } from "./values";
import "./graph.css";

type Placed = GraphNode & SimulationNodeDatum & { x: number; y: number };
type PlacedLink = SimulationLinkDatum<Placed> & { type: string; source: Placed; target: Placed };

/** A node's radius on screen, in pixels. */
const RADIUS = 6;
const FONT = 12;
/** A node linked to this many is a hub: its label may cover the neighbours ringed around it. */
const HUB = 3;
/** Labels are cut to this many characters; the whole name is in the node's tooltip. */
const LABEL_LENGTH = 28;

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
  const neighbours = new Map<string, Set<string>>(nodes.map((node) => [node.id, new Set()]));
  for (const link of links) {
    neighbours.get(link.source.id)?.add(link.target.id);
    neighbours.get(link.target.id)?.add(link.source.id);
  }
  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  const bounds: Bounds = { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
  return { nodes, links, groups, neighbours, bounds };
}

let measure: CanvasRenderingContext2D | null | undefined;
/** A label's width on screen in the panel's font (measured, so labels are kept apart by what they really take). */
function textWidth(text: string, font: string): number {
  measure ??= document.createElement("canvas").getContext("2d");
  if (!measure) return text.length * FONT * 0.62;
  measure.font = `${FONT}px ${font}`;
  return Math.ceil(measure.measureText(text).width) + 2;
}

export default function GraphPanel({ panel, rows }: { panel: PanelConfig; rows: Row[] }) {
  const { nodes, links, groups, neighbours, bounds } = useMemo(() => layout(panel, rows), [panel, rows]);
  const svg = useRef<SVGSVGElement>(null);
  const view = useGraphZoom(svg, bounds);
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const { transform, size } = view;
  const scale = transform?.k ?? 1;

  // Labels are measured in the SVG's own font, once it is drawn (the first transform comes then).
  const drawn = transform !== null;
  const widths = useMemo(() => {
    const font = drawn && svg.current ? getComputedStyle(svg.current).fontFamily : "sans-serif";
    return new Map(nodes.map((node) => [node.id, textWidth(clip(node.text, LABEL_LENGTH), font)]));
  }, [nodes, drawn]);
  /** Where a press began: a press that did not move is a tap (selects), one that moved was a pan. */
  const pressed = useRef<{ x: number; y: number } | null>(null);

  const focus = hovered ?? selected;
  const labels = useMemo(() => {
    const first = [focus, ...(focus ? [...(neighbours.get(focus) ?? [])] : [])].filter((id): id is string => id !== null);
    const byDegree = [...nodes].sort((a, b) => (neighbours.get(b.id)?.size ?? 0) - (neighbours.get(a.id)?.size ?? 0) || a.text.localeCompare(b.text));
    const order = [...new Set([...first, ...byDegree.map((node) => node.id)])];
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const candidates: LabelCandidate[] = order.map((id) => {
      const node = byId.get(id)!;
      return { id, x: node.x, y: node.y, width: widths.get(id) ?? 0, always: id === focus, overNodes: (neighbours.get(id)?.size ?? 0) >= HUB };
    });
    if (!transform || !size) return new Map<string, PlacedLabel>();
    return new Map(placeLabels(candidates, { k: transform.k, x: transform.x, y: transform.y, ...size }, RADIUS).map((label) => [label.id, label]));
  }, [nodes, neighbours, widths, transform, size, focus]);

  if (nodes.length === 0) return <p className="state empty">The query returned no nodes.</p>;
  const fill = (group: string) => colour(groups.indexOf(group));
  const near = (id: string) => focus === null || id === focus || Boolean(neighbours.get(focus)?.has(id));
  const caption = panel.caption ?? "Graph";
  return (
    <div className="graph-panel">
      <div className="graph-controls">
        <button type="button" className="button small" aria-label="Zoom in" onClick={view.zoomIn}>
          +
        </button>
        <button type="button" className="button small" aria-label="Zoom out" onClick={view.zoomOut}>
          −
        </button>
        <button type="button" className="button small" onClick={view.reset}>
          Reset view
        </button>
      </div>
      <svg
        ref={svg}
        className="chart graph-chart"
        role="img"
        aria-label={`${caption}: ${nodes.length} nodes and ${links.length} links`}
        data-nodes={nodes.length}
        data-links={links.length}
        onPointerDown={(event) => {
          pressed.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const start = pressed.current;
          pressed.current = null;
          if (!start || Math.hypot(event.clientX - start.x, event.clientY - start.y) > 4) return;
          const id = (event.target as Element).closest("[data-node]")?.getAttribute("data-node") ?? null;
          setSelected(id === selected ? null : id);
        }}
      >
        {transform && (
          <g className="graph-view" transform={transform.toString()}>
            <g className="links">
              {links.map((link, index) => (
                <line
                  // biome-ignore lint/suspicious/noArrayIndexKey: two nodes may be linked more than once; the place tells the links apart
                  key={index}
                  className={focus !== null && link.source.id !== focus && link.target.id !== focus ? "dim" : undefined}
                  x1={link.source.x}
                  y1={link.source.y}
                  x2={link.target.x}
                  y2={link.target.y}
                >
                  <title>{`${link.source.text} ${link.type || "→"} ${link.target.text}`}</title>
                </line>
              ))}
            </g>
            <g className="nodes">
              {nodes.map((node) => (
                <circle
                  key={node.id}
                  data-node={node.id}
                  className={[node.id === selected ? "selected" : "", near(node.id) ? "" : "dim"].join(" ").trim() || undefined}
                  cx={node.x}
                  cy={node.y}
                  r={RADIUS / scale}
                  fill={fill(node.group)}
                  onPointerEnter={() => setHovered(node.id)}
                  onPointerLeave={() => setHovered(null)}
                >
                  <title>{`${node.text} (${node.group})`}</title>
                </circle>
              ))}
            </g>
            <g className="labels" style={{ fontSize: FONT / scale }}>
              {nodes.flatMap((node) => {
                const label = labels.get(node.id);
                if (!label) return [];
                return [
                  <text
                    key={node.id}
                    className={node.id === focus ? "node-label focus" : "node-label"}
                    data-label={node.id}
                    x={node.x + label.dx / scale}
                    y={node.y + (label.dy + LABEL_HEIGHT / 2) / scale}
                    dominantBaseline="central"
                  >
                    {clip(node.text, LABEL_LENGTH)}
                  </text>,
                ];
              })}
            </g>
          </g>
        )}
      </svg>
      <p className="graph-hint muted small">
        {nodes.length - labels.size > 0
          ? `${labels.size} of ${nodes.length} nodes named; hover or tap a node to name it and its neighbours. Scroll or pinch to zoom, drag to pan.`
          : "Scroll or pinch to zoom, drag to pan."}
      </p>
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

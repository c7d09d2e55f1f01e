// The nodes and links of a graph panel's rows. Two shapes are read, as upstream reads them:
// columns `nodes` and `links` of maps ({id, ...} and {source, target, type?}), and Neo4j's own
// nodes, relationships and paths in any column ({elementId, labels, properties}, ...).
import type { PanelConfig, Row } from "../../../types";
import { label } from "./values";

export interface GraphNode {
  id: string;
  /** What the node shows: graph_settings.node_label's value, else its name or id. */
  text: string;
  /** What colours it: graph_settings.node_color_by's value, else its (first) label. */
  group: string;
}
export interface GraphLink {
  source: string;
  target: string;
  type: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isNeo4jNode = (value: Json) => typeof value.elementId === "string" && Array.isArray(value.labels);
const isNeo4jRelationship = (value: Json) => typeof value.startNodeElementId === "string" && typeof value.endNodeElementId === "string";
const isPath = (value: Json) => Array.isArray(value.nodes) && Array.isArray(value.relationships);

export function graphOf(panel: PanelConfig, rows: Row[]): { nodes: GraphNode[]; links: GraphLink[] } {
  const textBy = panel.graph_settings?.node_label;
  const groupBy = panel.graph_settings?.node_color_by;
  const nodes = new Map<string, GraphNode>();
  const links: GraphLink[] = [];

  const addMapNode = (node: Json) => {
    const id = label(node.id ?? node.elementId);
    const text = node[textBy ?? "name"] ?? node.name ?? node.id;
    const group = node[groupBy ?? "label"] ?? node.label ?? node.group ?? "";
    nodes.set(id, { id, text: label(text), group: label(group) });
  };
  const addNeo4jNode = (node: Json) => {
    const properties = isObject(node.properties) ? node.properties : {};
    const labels = node.labels as string[];
    const text = (textBy && properties[textBy]) ?? properties.name ?? properties.id ?? labels[0] ?? node.elementId;
    const group = groupBy && groupBy !== "label" && groupBy !== "labels" ? properties[groupBy] : labels[0];
    nodes.set(node.elementId as string, { id: node.elementId as string, text: label(text), group: label(group ?? "") });
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (!isObject(value)) return;
    else if (isPath(value)) {
      visit(value.nodes);
      visit(value.relationships);
    } else if (isNeo4jNode(value)) addNeo4jNode(value);
    else if (isNeo4jRelationship(value))
      links.push({ source: value.startNodeElementId as string, target: value.endNodeElementId as string, type: label(value.type ?? "") });
  };

  for (const row of rows) {
    if (Array.isArray(row.nodes) && Array.isArray(row.links)) {
      for (const node of row.nodes) if (isObject(node)) (isNeo4jNode(node) ? addNeo4jNode : addMapNode)(node);
      for (const link of row.links)
        if (isObject(link) && "source" in link) links.push({ source: label(link.source), target: label(link.target), type: label(link.type ?? "") });
        else visit(link);
    } else for (const value of Object.values(row)) visit(value);
  }
  // A link to a node the rows did not return cannot be placed.
  return { nodes: [...nodes.values()], links: links.filter((link) => nodes.has(link.source) && nodes.has(link.target)) };
}

// Neo4j's typed JSON (application/vnd.neo4j.query) in both directions.
//
// Decoding maps every value to plain JSON without losing information:
// - Integer: a JSON number while it is a safe integer (|n| <= 2^53 - 1), otherwise its exact
//   decimal digits as a string, because a JavaScript number would round it.
// - Float: a number; NaN and the infinities, which JSON cannot hold, as "NaN", "Infinity", "-Infinity".
// - Temporal values and Duration: their ISO-8601 text exactly as Neo4j prints it (the text
//   carries the kind: a date, a local or zoned date-time, a time with offset, a duration).
// - Point: { srid, x, y } or { srid, x, y, z }; Base64 byte arrays: the base64 text.
// - Node, Relationship, Path: objects with elementId, labels/type, endpoints and properties.
import type { JsonObject, JsonValue } from "./json";

export interface TypedValue {
  $type: string;
  _value: unknown;
}

export interface GraphNode extends JsonObject {
  elementId: string;
  labels: string[];
  properties: JsonObject;
}

export interface GraphRelationship extends JsonObject {
  elementId: string;
  type: string;
  startNodeElementId: string;
  endNodeElementId: string;
  properties: JsonObject;
}

const TEXT_TYPES = new Set(["String", "Base64", "Date", "Time", "LocalTime", "DateTime", "OffsetDateTime", "ZonedDateTime", "LocalDateTime", "Duration"]);

export function decodeValue(value: TypedValue): JsonValue {
  const raw = value._value;
  switch (value.$type) {
    case "Null":
      return null;
    case "Boolean":
      return raw as boolean;
    case "Integer":
      return decodeInteger(raw as string);
    case "Float":
      return decodeFloat(raw as string);
    case "List":
      return (raw as TypedValue[]).map(decodeValue);
    case "Map":
      return decodeMap(raw as Record<string, TypedValue>);
    case "Point":
      return decodePoint(raw as string);
    case "Node":
      return decodeNode(raw as RawNode);
    case "Relationship":
      return decodeRelationship(raw as RawRelationship);
    case "Path":
      return decodePath(raw as TypedValue[]);
    default:
      if (TEXT_TYPES.has(value.$type)) return raw as string;
      throw new TypeError(`Unknown Neo4j value type ${value.$type}`);
  }
}

export function decodeMap(map: Record<string, TypedValue>): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(map)) out[key] = decodeValue(map[key] as TypedValue);
  return out;
}

function decodeInteger(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

function decodeFloat(text: string): number | string {
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

const POINT = /^SRID=(\d+);POINT(?: Z)? \(([^ )]+) ([^ )]+)(?: ([^ )]+))?\)$/;

function decodePoint(wkt: string): JsonObject {
  const match = POINT.exec(wkt);
  if (!match) throw new TypeError(`Unrecognised Neo4j point ${wkt}`);
  const [, srid, x, y, z] = match;
  const point: JsonObject = { srid: Number(srid), x: Number(x), y: Number(y) };
  if (z !== undefined) point.z = Number(z);
  return point;
}

interface RawNode {
  _element_id: string;
  _labels: string[];
  _properties: Record<string, TypedValue>;
}

interface RawRelationship {
  _element_id: string;
  _start_node_element_id: string;
  _end_node_element_id: string;
  _type: string;
  _properties: Record<string, TypedValue>;
}

function decodeNode(node: RawNode): GraphNode {
  return { elementId: node._element_id, labels: node._labels, properties: decodeMap(node._properties) };
}

function decodeRelationship(rel: RawRelationship): GraphRelationship {
  return {
    elementId: rel._element_id,
    type: rel._type,
    startNodeElementId: rel._start_node_element_id,
    endNodeElementId: rel._end_node_element_id,
    properties: decodeMap(rel._properties),
  };
}

/** A path arrives as node, relationship, node, ...; it leaves as its two sequences. */
function decodePath(elements: TypedValue[]): JsonObject {
  const nodes: JsonValue[] = [];
  const relationships: JsonValue[] = [];
  for (const element of elements) {
    if (element.$type === "Node") nodes.push(decodeNode(element._value as RawNode));
    else relationships.push(decodeRelationship(element._value as RawRelationship));
  }
  return { nodes, relationships };
}

/** A parameter whose Neo4j type must not be guessed from its JavaScript value. */
export class TypedParameter {
  constructor(
    readonly type: "Integer" | "Float",
    readonly value: number | bigint | string,
  ) {}
}

export const neo4jInteger = (value: number | bigint | string) => new TypedParameter("Integer", value);
export const neo4jFloat = (value: number) => new TypedParameter("Float", value);

export type ParameterValue = null | boolean | number | bigint | string | TypedParameter | ParameterValue[] | { [key: string]: ParameterValue };

/**
 * Encodes a parameter for the typed JSON request body. Plain JSON cannot tell 3.0 from 3, so
 * numbers are typed here: integral numbers and bigints go as Integer, others as Float, and
 * callers that know the declared type wrap the value in neo4jInteger / neo4jFloat.
 */
export function encodeParameter(value: ParameterValue): TypedValue {
  if (value === null) return { $type: "Null", _value: null };
  if (value instanceof TypedParameter) return encodeNumber(value.type, value.value);
  switch (typeof value) {
    case "boolean":
      return { $type: "Boolean", _value: value };
    case "string":
      return { $type: "String", _value: value };
    case "bigint":
      return encodeNumber("Integer", value);
    case "number":
      return encodeNumber(Number.isInteger(value) ? "Integer" : "Float", value);
    default:
      if (Array.isArray(value)) return { $type: "List", _value: value.map(encodeParameter) };
      return { $type: "Map", _value: encodeParameters(value) };
  }
}

export function encodeParameters(params: { [key: string]: ParameterValue }): Record<string, TypedValue> {
  const out: Record<string, TypedValue> = {};
  for (const key of Object.keys(params)) out[key] = encodeParameter(params[key] as ParameterValue);
  return out;
}

function encodeNumber(type: "Integer" | "Float", value: number | bigint | string): TypedValue {
  if (type === "Integer") {
    const text = typeof value === "number" ? (Number.isSafeInteger(value) ? String(value) : undefined) : String(value);
    if (text === undefined || !/^-?\d+$/.test(text)) throw new RangeError(`${String(value)} is not an exact integer`);
    return { $type: "Integer", _value: text };
  }
  const n = Number(value);
  const text = Number.isNaN(n) ? "NaN" : n === Infinity ? "Infinity" : n === -Infinity ? "-Infinity" : Number.isInteger(n) ? n.toFixed(1) : String(n);
  return { $type: "Float", _value: text };
}

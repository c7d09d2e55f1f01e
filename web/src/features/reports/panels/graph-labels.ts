// Which node labels a graph panel shows, and where, so that no two cover each other or a node
// and none is cut off at the edge. Labels keep their size on screen whatever the zoom, so
// placement is worked out for the current view: zooming in spreads the nodes apart and names
// more of them. Candidates go in priority
// order (the selected or hovered node first, then its neighbours, then the best-connected); each
// takes the first of four spots around its node (right, left, below, above) that is free, or is
// left out, its name still in the node's tooltip and shown on hover or selection.

export interface LabelCandidate {
  id: string;
  x: number;
  y: number;
  /** The label's width on screen, in pixels. */
  width: number;
  /** Shown even if a node is in the way (the selected or hovered node): other labels keep clear of it. */
  always?: boolean;
  /** May cover other nodes (a hub, ringed by its neighbours, would otherwise never be named); never another label. */
  overNodes?: boolean;
}

export interface PlacedLabel {
  id: string;
  /** The label's top-left corner, in screen pixels from the node's centre. */
  dx: number;
  dy: number;
}

export const LABEL_HEIGHT = 16;
/** Grid cells of the spatial index, in screen pixels: a few labels high. */
const CELL = 64;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Boxes in a grid of cells, so a candidate is checked against its neighbours only. */
class BoxIndex {
  private readonly cells = new Map<string, Box[]>();

  private *keys(box: Box) {
    for (let x = Math.floor(box.left / CELL); x <= Math.floor(box.right / CELL); x++)
      for (let y = Math.floor(box.top / CELL); y <= Math.floor(box.bottom / CELL); y++) yield `${x},${y}`;
  }

  add(box: Box) {
    for (const key of this.keys(box)) {
      const cell = this.cells.get(key);
      if (cell) cell.push(box);
      else this.cells.set(key, [box]);
    }
  }

  free(box: Box) {
    for (const key of this.keys(box)) if (this.cells.get(key)?.some((other) => overlaps(box, other))) return false;
    return true;
  }
}

/** Where the layout is on screen: a point (x, y) of the layout is drawn at (x·k + dx, y·k + dy). */
export interface View {
  k: number;
  x: number;
  y: number;
  /** The box the graph is drawn in; a label that would reach outside it is not placed there. */
  width: number;
  height: number;
}

/** Places the labels of `candidates` (every node, in priority order) in `view`; `radius`: a node's radius on screen. */
export function placeLabels(candidates: LabelCandidate[], view: View, radius: number): PlacedLabel[] {
  const nodes = new BoxIndex();
  const labels = new BoxIndex();
  const gap = 3;
  const screen = (node: { x: number; y: number }) => ({ x: node.x * view.k + view.x, y: node.y * view.k + view.y });
  const inside = (box: Box) => box.left >= 0 && box.top >= 0 && box.right <= view.width && box.bottom <= view.height;
  for (const node of candidates) {
    const { x, y } = screen(node);
    nodes.add({ left: x - radius, top: y - radius, right: x + radius, bottom: y + radius });
  }
  const placed: PlacedLabel[] = [];
  for (const label of candidates) {
    const { x, y } = screen(label);
    const half = LABEL_HEIGHT / 2;
    const spots: [number, number][] = [
      [radius + gap, -half],
      [-radius - gap - label.width, -half],
      [-label.width / 2, radius + gap],
      [-label.width / 2, -radius - gap - LABEL_HEIGHT],
    ];
    for (const [dx, dy] of spots) {
      const box = { left: x + dx, top: y + dy, right: x + dx + label.width, bottom: y + dy + LABEL_HEIGHT };
      if (label.always || (inside(box) && labels.free(box) && (label.overNodes || nodes.free(box)))) {
        labels.add(box);
        nodes.add(box);
        placed.push({ id: label.id, dx, dy });
        break;
      }
    }
  }
  return placed;
}

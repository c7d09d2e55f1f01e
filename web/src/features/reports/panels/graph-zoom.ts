// Zoom and pan of a graph panel with d3-zoom: the wheel or a pinch zooms, dragging pans, and
// buttons zoom and put the view back. The view starts (and resets) fitted to the panel's box,
// measured as it is drawn, so a phone sees the whole graph rather than a corner of it.
import { select } from "d3-selection";
import { type ZoomBehavior, type ZoomTransform, zoom, zoomIdentity } from "d3-zoom";
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from "react";

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Room kept around the graph, in screen pixels, for the labels of the outermost nodes. */
const MARGIN = 48;
/** Fitting never enlarges a small graph past this. */
const MAX_FIT = 1.5;

/**
 * The box the graph is drawn in, as it is laid out now. Measured (and the view fitted, below)
 * in layout effects: the first paint already shows the graph, never an empty box.
 */
function useSize(ref: RefObject<SVGSVGElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A new size fits the view again; the same size (the observer's first call) keeps it.
    const measure = () =>
      setSize((size) =>
        size?.width === element.clientWidth && size.height === element.clientHeight ? size : { width: element.clientWidth, height: element.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

function fitted(bounds: Bounds, width: number, height: number): ZoomTransform {
  const spanX = Math.max(1, bounds.right - bounds.left);
  const spanY = Math.max(1, bounds.bottom - bounds.top);
  const scale = Math.max(0.05, Math.min(MAX_FIT, (width - 2 * MARGIN) / spanX, (height - 2 * MARGIN) / spanY));
  const middleX = (bounds.left + bounds.right) / 2;
  const middleY = (bounds.top + bounds.bottom) / 2;
  return zoomIdentity.translate(width / 2 - scale * middleX, height / 2 - scale * middleY).scale(scale);
}

export function useGraphZoom(ref: RefObject<SVGSVGElement | null>, bounds: Bounds) {
  const size = useSize(ref);
  const fit = useMemo(() => (size ? fitted(bounds, size.width, size.height) : null), [bounds, size]);
  const [transform, setTransform] = useState<ZoomTransform | null>(null);
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !fit) return;
    const zooming = zoom<SVGSVGElement, unknown>()
      .scaleExtent([fit.k / 4, Math.max(fit.k * 8, 4)])
      .on("zoom", (event: { transform: ZoomTransform }) => setTransform(event.transform));
    behaviour.current = zooming;
    select(element).call(zooming).call(zooming.transform, fit);
    return () => {
      select(element).on(".zoom", null);
    };
  }, [ref, fit]);

  const act = (change: (zooming: ZoomBehavior<SVGSVGElement, unknown>, element: SVGSVGElement) => void) => () => {
    if (ref.current && behaviour.current) change(behaviour.current, ref.current);
  };
  return {
    transform,
    size,
    zoomIn: act((zooming, element) => zooming.scaleBy(select(element), 1.5)),
    zoomOut: act((zooming, element) => zooming.scaleBy(select(element), 1 / 1.5)),
    reset: act((zooming, element) => fit && zooming.transform(select(element), fit)),
  };
}

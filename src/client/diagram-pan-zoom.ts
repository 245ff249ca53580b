/** How far the diagram may be zoomed, relative to the size mermaid drew it at. */
const smallestScale = 0.05;
const largestScale = 8;
/** One press of a zoom button or key. */
export const zoomStep = 1.25;
/** One press of an arrow key, in screen pixels. */
const panStep = 48;
/** Room kept around a fitted diagram, in screen pixels. */
const fitMargin = 16;

/** The view's position and zoom, in the view's pixels: the diagram's top-left corner and its scale. */
export interface PanZoom {
  /** Zooms by `factor` around a point of the view (its centre by default), which stays where it is. */
  zoomBy(factor: number, originX?: number, originY?: number): void;
  panBy(dx: number, dy: number): void;
  /** Shows the whole diagram, centred, at most at its natural size. */
  fit(): void;
  /** Whether the reader left the view as {@link fit} set it: a resized screen then fits it again. */
  readonly fitted: boolean;
}

/**
 * Pans and zooms `stage` (the diagram at its natural size) inside `view` with a CSS transform:
 * drag with a mouse, pen or finger to pan, pinch with two fingers or turn the wheel to zoom (a
 * trackpad's pinch arrives as a wheel with Ctrl), and with the view focused, + and - zoom, 0 fits
 * and the arrow keys pan. The current scale is in `view.dataset.scale`.
 */
export function createPanZoom(view: HTMLElement, stage: HTMLElement): PanZoom {
  let scale = 1;
  let x = 0;
  let y = 0;
  let fitted = false;
  const show = () => {
    stage.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
    view.dataset.scale = String(scale);
  };
  const panZoom: PanZoom = {
    get fitted() {
      return fitted;
    },
    zoomBy(factor, originX = view.clientWidth / 2, originY = view.clientHeight / 2) {
      fitted = false;
      const next = Math.min(largestScale, Math.max(smallestScale, scale * factor));
      x = originX - ((originX - x) * next) / scale;
      y = originY - ((originY - y) * next) / scale;
      scale = next;
      show();
    },
    panBy(dx, dy) {
      if (dx === 0 && dy === 0) return;
      fitted = false;
      x += dx;
      y += dy;
      show();
    },
    fit() {
      const width = stage.offsetWidth;
      const height = stage.offsetHeight;
      if (width === 0 || height === 0) return;
      scale = Math.min(1, (view.clientWidth - 2 * fitMargin) / width, (view.clientHeight - 2 * fitMargin) / height);
      x = (view.clientWidth - width * scale) / 2;
      y = (view.clientHeight - height * scale) / 2;
      fitted = true;
      show();
    },
  };
  followPointers(view, panZoom);
  view.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const box = view.getBoundingClientRect();
      // Lines (Firefox's mouse wheel) are about 20 pixels.
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 20 : event.deltaY;
      panZoom.zoomBy(Math.exp(-pixels / 300), event.clientX - box.left, event.clientY - box.top);
    },
    { passive: false },
  );
  view.addEventListener('keydown', (event) => {
    const action = keyActions(panZoom)[event.key];
    if (!action || event.altKey || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    action();
  });
  return panZoom;
}

function keyActions(panZoom: PanZoom): Record<string, () => void> {
  return {
    '+': () => panZoom.zoomBy(zoomStep),
    '=': () => panZoom.zoomBy(zoomStep),
    '-': () => panZoom.zoomBy(1 / zoomStep),
    '0': () => panZoom.fit(),
    ArrowLeft: () => panZoom.panBy(panStep, 0),
    ArrowRight: () => panZoom.panBy(-panStep, 0),
    ArrowUp: () => panZoom.panBy(0, panStep),
    ArrowDown: () => panZoom.panBy(0, -panStep),
  };
}

/** One pointer down drags the diagram; two pinch it, zooming around the point between them. */
function followPointers(view: HTMLElement, panZoom: PanZoom): void {
  const down = new Map<number, { x: number; y: number }>();
  view.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    view.setPointerCapture(event.pointerId);
    down.set(event.pointerId, { x: event.clientX, y: event.clientY });
  });
  view.addEventListener('pointermove', (event) => {
    const last = down.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    const other = [...down].find(([id]) => id !== event.pointerId)?.[1];
    if (!other) {
      panZoom.panBy(now.x - last.x, now.y - last.y);
    } else {
      const box = view.getBoundingClientRect();
      const middle = (a: { x: number; y: number }) => ({ x: (a.x + other.x) / 2 - box.left, y: (a.y + other.y) / 2 - box.top });
      const before = middle(last);
      const after = middle(now);
      const spread = Math.hypot(last.x - other.x, last.y - other.y);
      panZoom.panBy(after.x - before.x, after.y - before.y);
      if (spread > 0) panZoom.zoomBy(Math.hypot(now.x - other.x, now.y - other.y) / spread, after.x, after.y);
    }
    down.set(event.pointerId, now);
  });
  const lift = (event: PointerEvent) => down.delete(event.pointerId);
  view.addEventListener('pointerup', lift);
  view.addEventListener('pointercancel', lift);
}

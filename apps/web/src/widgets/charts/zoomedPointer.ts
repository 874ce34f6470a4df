/** The pointer events ZRender reads `offsetX`/`offsetY` from (mouse and pointer flavours). */
const POINTER_EVENTS = [
  'click',
  'dblclick',
  'contextmenu',
  'wheel',
  'mousewheel',
  'mousedown',
  'mouseup',
  'mousemove',
  'mouseout',
  'pointerdown',
  'pointerup',
  'pointermove',
  'pointerout',
] as const;

/** How much the element is drawn larger or smaller than its laid-out size (1 when not zoomed). */
export function drawnScale(drawnWidth: number, layoutWidth: number): number {
  if (!(drawnWidth > 0) || !(layoutWidth > 0)) return 1;
  const scale = drawnWidth / layoutWidth;
  return Math.abs(scale - 1) < 1e-3 ? 1 : scale;
}

/** Where a pointer at client (x, y) falls in the element's own, unzoomed, pixels. */
export function localPoint(client: { x: number; y: number }, box: { left: number; top: number }, scale: number): { x: number; y: number } {
  return { x: (client.x - box.left) / scale, y: (client.y - box.top) / scale };
}

/**
 * Up to 1024 px the app is scaled with CSS `zoom` on #root (useSmallScreenScale). Chromium's
 * standardized zoom gives `offsetX`/`offsetY` in zoomed (screen) pixels, while ZRender takes them as
 * the chart's own pixels, so clicks and hovers landed short of their target (legend names, page
 * arrows, tooltips). Before ZRender sees an event, its offsets are set to the chart's own pixels.
 * Returns the function that removes the listeners.
 */
export function correctZoomedPointer(element: HTMLElement): () => void {
  const correct = (event: Event) => {
    if (!(event instanceof MouseEvent)) return;
    const box = element.getBoundingClientRect();
    const scale = drawnScale(box.width, element.offsetWidth);
    if (scale === 1) return;
    const { x, y } = localPoint({ x: event.clientX, y: event.clientY }, box, scale);
    Object.defineProperty(event, 'offsetX', { value: x, configurable: true });
    Object.defineProperty(event, 'offsetY', { value: y, configurable: true });
  };
  for (const type of POINTER_EVENTS) element.addEventListener(type, correct, { capture: true, passive: true });
  return () => {
    for (const type of POINTER_EVENTS) element.removeEventListener(type, correct, { capture: true });
  };
}

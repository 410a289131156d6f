/**
 * A Leaflet map worked by keyboard (issue 24), for the order form's address pin and the admin's zone editor: the map
 * (made with `keyboard: false`) is a tab stop; the arrow keys move it by 80 px at once (no animation, so the centre
 * is where the map shows it when Enter follows at once), + and - zoom, and Enter or Space calls `onPlace`, which
 * puts the pin (or the zone's next point) at the centre cross. Keys on a zoom button or a marker inside the map are
 * theirs. Typed by what it uses, so the guest's Leaflet and the admin's ESM build both fit. Returns the clean-up.
 */
export interface KeyboardMap {
  getContainer(): HTMLElement;
  panBy(offset: [number, number], options: { animate: boolean }): unknown;
  zoomIn(): unknown;
  zoomOut(): unknown;
}

const PAN_PX = 80;
const PANS: Record<string, [number, number]> = {
  ArrowUp: [0, -PAN_PX],
  ArrowDown: [0, PAN_PX],
  ArrowLeft: [-PAN_PX, 0],
  ArrowRight: [PAN_PX, 0],
};

export function mapKeyboard(map: KeyboardMap, onPlace: () => void): () => void {
  const container = map.getContainer();
  container.tabIndex = 0;
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== container || e.altKey || e.ctrlKey || e.metaKey) return;
    const pan = PANS[e.key];
    if (pan) map.panBy(pan, { animate: false });
    else if (e.key === '+' || e.key === '=') map.zoomIn();
    else if (e.key === '-' || e.key === '_') map.zoomOut();
    else if (e.key === 'Enter' || e.key === ' ') onPlace();
    else return;
    e.preventDefault();
  };
  container.addEventListener('keydown', onKey);
  return () => container.removeEventListener('keydown', onKey);
}

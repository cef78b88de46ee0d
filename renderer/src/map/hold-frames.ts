import type { Map as MapLibreMap } from 'maplibre-gl';

/** The longest a frame waits for the overlays: a tile that never answers must not stop the map drawing. */
export const HOLD_FRAME_MAX_MS = 400;

interface TileManagerLike {
  loaded(): boolean;
  getSource?(): { tiles?: unknown };
  _paused?: boolean;
  /** Set by the manager's first update, inside a frame: until then it asks for no tile by itself. */
  transform?: unknown;
}
interface MapInternals {
  style?: { tileManagers?: Record<string, TileManagerLike> };
}

/** The camera and canvas a frame draws: a frame for a new one is never held (it asks for the new view's tiles). */
const viewOf = (map: MapLibreMap) => {
  const c = map.getCenter();
  const canvas = map.getCanvas();
  return `${c.lng},${c.lat}@${map.getZoom()}/${map.getBearing()}/${map.getPitch()} ${canvas.width}x${canvas.height}`;
};

/**
 * A source whose tiles come from this computer: the built-in basemap's archive (read from memory) or the
 * user's .pmtiles file, both through the pmtiles:// protocol. Their tiles arrive within tens of ms of each
 * other, so a frame per tile shows a map filling in a tile at a time; an online style's tiles, from the
 * network, are drawn as they come.
 */
function isLocalArchive(m: TileManagerLike): boolean {
  const tiles = m.getSource?.().tiles;
  return Array.isArray(tiles) && typeof tiles[0] === 'string' && tiles[0].startsWith('pmtiles://');
}

/**
 * True while an overlay source (`rl-…`) or a local archive's source loads tiles or data by itself, with nothing
 * else to wait for: MapLibre asks for them outside a frame (a `content` event reloads and requests tiles at
 * once; a tile's arrival asks for the next frame), so no frame is needed for them to arrive. A paused source (a
 * style change to apply) needs a frame: never held for.
 */
function overlaysLoading(map: MapLibreMap): boolean {
  const managers = (map as unknown as MapInternals).style?.tileManagers;
  if (!managers) return false;
  let loading = false;
  for (const [id, m] of Object.entries(managers)) {
    if (!id.startsWith('rl-') && !isLocalArchive(m)) continue;
    if (m._paused || m.transform === undefined) return false;
    if (!m.loaded()) loading = true;
  }
  return loading;
}

/**
 * Draws no frame at an unchanged camera while the overlays' new data or tiles, or the local basemap's tiles,
 * are still on their way: each frame costs tens to hundreds of ms on a software-rendered GPU, and one drawn
 * between two of their arrivals shows nothing new (a route's data set is a worker load, then its tiles, then
 * those asked before it again) or one basemap tile more. The
 * frame waits until the overlays are loaded, the camera moves, or HOLD_FRAME_MAX_MS pass. MapLibre has no
 * such option: its `triggerRepaint` is wrapped on the instance (usePausedMap's pause stacks on top of it).
 */
export function holdFramesForOverlays(map: MapLibreMap): void {
  const own = map as unknown as { triggerRepaint: () => void };
  const draw = Object.getPrototypeOf(map).triggerRepaint as () => void;
  let drawnView = '';
  let held: ReturnType<typeof setTimeout> | null = null;
  const wrapper = () => {
    if (held !== null) return;
    if (!map.isMoving() && viewOf(map) === drawnView && overlaysLoading(map)) {
      held = setTimeout(release, HOLD_FRAME_MAX_MS);
      return;
    }
    draw.call(map);
  };
  const release = () => {
    if (held === null) return;
    clearTimeout(held);
    held = null;
    // Paused meanwhile (usePausedMap's no-op in place): the pause's resume draws.
    if (own.triggerRepaint === wrapper) draw.call(map);
    else own.triggerRepaint();
  };
  own.triggerRepaint = wrapper;
  map.on('render', () => {
    drawnView = viewOf(map);
  });
  const check = () => {
    if (held !== null && !overlaysLoading(map)) release();
  };
  map.on('sourcedata', check);
  map.on('error', check);
  map.on('remove', () => held !== null && clearTimeout(held));
}

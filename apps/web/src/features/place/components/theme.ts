/**
 * Venue theme as CSS custom properties (spec §3 themes 1–3 with sub-themes, colours; §9 grid columns per theme:
 * 12/6/4/3 of a 12-column grid by default, 6/4/3/2 for theme 2 — i.e. 1/2/3/4 or 2/3/4/6 items per row from
 * phone to desktop).
 */
import type { CSSProperties } from 'react';
import type { UiSettings } from '../../../lib/ui-settings.ts';

const GRID_SPANS: Record<1 | 2 | 3, [number, number, number, number]> = {
  1: [12, 6, 4, 3],
  2: [6, 4, 3, 2],
  3: [12, 6, 4, 3],
};

export function themeStyle(ui: UiSettings): CSSProperties {
  const spans = GRID_SPANS[ui.theme];
  const vars: Record<string, string> = {
    '--cols-xs': String(12 / spans[0]),
    '--cols-sm': String(12 / spans[1]),
    '--cols-md': String(12 / spans[2]),
    '--cols-lg': String(12 / spans[3]),
  };
  // The venue's colours go in as --venue-<key> (primary, primaryText, header, secondary, background, text, accent);
  // global.css (.place) derives the colours pages use from them, clamped to readable lightness, so whatever a
  // venue picks, text keeps its contrast (issue 21). A white background page ignores the venue's page colours.
  for (const [key, value] of Object.entries(ui.colors)) {
    if (value && !(ui.whiteBackground && (key === 'background' || key === 'text')))
      vars[`--venue-${key}`] = value;
  }
  if (ui.backgroundImage && !ui.whiteBackground) {
    vars['--bg-image'] = `url("${encodeURI(ui.backgroundImage)}")`;
  }
  return vars as CSSProperties;
}

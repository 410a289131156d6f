/**
 * A delivery zone's name in the guest's language (issue 24, minor: zone names were one language): regions and map
 * zones (delivery_shapes) keep the Bulgarian name in `name` and the other languages in `translations`
 * (`{"en":{"name":…}}`), as products and categories do. The guest's language, else the Bulgarian translation, else
 * the zone's own name (spec §4: fall back to Bulgarian, the default language); null for a zone with no name at all.
 */
import { translateField, type Translations } from '../i18n.ts';

export interface NamedZone {
  id: number;
  name: string | null;
  translations?: Translations<Partial<Record<'name', string | null>>>;
}

/** The zone's name in `lang` with the fallback above; null when it has none in any language. */
export function zoneName(zone: NamedZone, lang: string): string | null {
  const name = translateField(zone, 'name', lang).trim();
  return name === '' ? null : name;
}

/** The name of a matched zone (a region or a map zone; radiuses have none) among the venue's zones. */
export function matchedZoneName(
  match: { kind: 'region' | 'radius' | 'shape'; id: number },
  zones: { regions?: readonly NamedZone[] | null; delivery_shapes?: readonly NamedZone[] | null },
  lang: string,
): string | null {
  const list =
    match.kind === 'region' ? zones.regions : match.kind === 'shape' ? zones.delivery_shapes : null;
  const zone = list?.find((z) => z.id === match.id);
  return zone ? zoneName(zone, lang) : null;
}

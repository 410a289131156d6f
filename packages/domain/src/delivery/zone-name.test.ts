import { describe, expect, it } from 'vitest';
import { matchedZoneName, zoneName } from './zone-name.ts';

const centre = {
  id: 7,
  name: 'Център',
  translations: { en: { name: 'Centre' }, de: { name: '' }, es: {} },
};

describe('zoneName', () => {
  it("is the guest's language when translated", () => {
    expect(zoneName(centre, 'en')).toBe('Centre');
  });

  it('falls back to the Bulgarian name for a missing or empty translation', () => {
    expect(zoneName(centre, 'fr-CH')).toBe('Център');
    expect(zoneName(centre, 'de')).toBe('Център');
    expect(zoneName(centre, 'es')).toBe('Център');
    expect(zoneName({ id: 1, name: 'Лозенец' }, 'en')).toBe('Лозенец');
  });

  it('prefers a Bulgarian translation over the base field when one is stored', () => {
    expect(zoneName({ id: 1, name: 'old', translations: { bg: { name: 'Нов' } } }, 'de')).toBe('Нов');
  });

  it('is null for a zone without a name in any language', () => {
    expect(zoneName({ id: 1, name: null }, 'en')).toBeNull();
    expect(zoneName({ id: 1, name: '  ', translations: {} }, 'bg')).toBeNull();
    expect(zoneName({ id: 1, name: null, translations: { en: { name: 'Ring' } } }, 'en')).toBe('Ring');
  });
});

describe('matchedZoneName', () => {
  const zones = {
    regions: [{ id: 7, name: 'Квартал', translations: { en: { name: 'Quarter' } } }],
    delivery_shapes: [centre],
  };

  it('finds the matched map zone or region by kind and id', () => {
    expect(matchedZoneName({ kind: 'shape', id: 7 }, zones, 'en')).toBe('Centre');
    expect(matchedZoneName({ kind: 'region', id: 7 }, zones, 'en')).toBe('Quarter');
  });

  it('is null for a radius (unnamed) and an unknown zone', () => {
    expect(matchedZoneName({ kind: 'radius', id: 7 }, zones, 'en')).toBeNull();
    expect(matchedZoneName({ kind: 'shape', id: 99 }, zones, 'en')).toBeNull();
  });
});

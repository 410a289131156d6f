/**
 * The feedback, gallery and loyalty modules take effect (issue 24, minor: module switches that changed nothing).
 * Until now these three worked at every venue whatever its `functionality_modules` said, so every existing venue
 * gets them switched on here: nothing a venue's guests had disappears on upgrade, and its admin can now switch each
 * off. (Promotions already followed its switch.) Venues created from now on start with them off, like payments and
 * booking. Frozen in time: `Kysely<any>`, no app imports.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations see the database as it was, not today's types */
import type { Kysely } from 'kysely';

const ADDED = ['feedback', 'gallery', 'loyalty'];

function parse(text: unknown): string[] {
  try {
    const v: unknown = JSON.parse(typeof text === 'string' ? text : '[]');
    return Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const places = await db.selectFrom('places').select(['id', 'functionality_modules']).execute();
  for (const place of places) {
    const modules = parse(place.functionality_modules);
    const next = [...modules, ...ADDED.filter((m) => !modules.includes(m))];
    if (next.length === modules.length) continue;
    await db
      .updateTable('places')
      .set({ functionality_modules: JSON.stringify(next) })
      .where('id', '=', place.id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // Switches are data: going back leaves them as they are (the older code ignores these three).
}

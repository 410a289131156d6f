/** All demo content: client-wide data and the two places. */
export { ACCOUNTS, ALLERGENS, CITIES, DEMO_CLIENT, LANGUAGES, TAGS } from './common.ts';
import { BISTRO } from './bistro.ts';
import { HOTEL } from './hotel.ts';
import type { PlaceDef } from './types.ts';

export const DEMO_PLACES: PlaceDef[] = [BISTRO, HOTEL];

/** What the cart screens read about the venue: settings (raw and parsed), ingredients, menu, session token. */
import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ingredientsQueryOptions } from '../../../api/get-ingredients.ts';
import { settingsQueryOptions } from '../../../api/get-settings.ts';
import { useMenu } from '../../../hooks/use-menu.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

export function useCartContext() {
  const venue = useVenue();
  const menu = useMenu();
  const { data: raw } = useSuspenseQuery(settingsQueryOptions(venue.place));
  const { data: ingredients } = useSuspenseQuery(ingredientsQueryOptions(venue.place));
  const token = useSessionStore((s) => (s.orderToken?.place === venue.place ? s.orderToken : null));
  const ingredientMap = useMemo(() => new Map(ingredients.map((i) => [i.id, i])), [ingredients]);
  const ingredientPrices = useMemo(
    () => Object.fromEntries(ingredients.map((i) => [i.id, i.price])) as Record<number, number>,
    [ingredients],
  );
  /** A table or room session (from the QR entry), as opposed to a guest token answered by an earlier order. */
  const tableSession = token && (token.table != null || token.room_number != null) ? token : null;
  return { venue, menu, raw, ingredients, ingredientMap, ingredientPrices, token, tableSession };
}

export type CartContext = ReturnType<typeof useCartContext>;

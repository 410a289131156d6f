/** POST places/gallery (spec §7): the place's gallery images in order. */
import { queryOptions } from '@tanstack/react-query';
import type { StoreGalleryImage } from '@trapeza/domain/contracts/places';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type GalleryImage = z.infer<typeof StoreGalleryImage>;

export const galleryQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['gallery', place],
    queryFn: () => api.post<GalleryImage[]>('places/gallery', {}, { place }),
  });

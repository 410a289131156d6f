/** GET place (designed), the landing page's map calls and the place gallery (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlaceGalleryBody,
  PlacesForMapBody,
  StoreCitiesResponse,
  StoreGalleryResponse,
  StorePlaceResponse,
  StorePlacesForMapResponse,
  StoreTagsResponse,
} from '@trapeza/domain/contracts/places';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { errorResponses } from '../../lib/openapi.ts';
import { ClientHeaders, PlaceHeaders } from '../../lib/request-context.ts';
import type { PlacesService } from './places.service.ts';

export function placesRoutes(places: PlacesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['places'];
    app.get(
      '/place',
      {
        config: { tenancy: 'place' },
        schema: {
          tags,
          summary:
            'The current place: contact, location, modules, order types with prices/discounts/zones, hours',
          description: 'Not in the spec; the web app reads it before the menu.',
          headers: PlaceHeaders,
          response: { 200: StorePlaceResponse, ...errorResponses },
        },
      },
      async (request) => places.getPlace(request.tenant),
    );

    app.post(
      '/getPlacesForMap',
      {
        config: { tenancy: 'client' },
        schema: {
          tags,
          summary: "The client's places for the landing map, filtered by city and tags",
          headers: ClientHeaders,
          body: PlacesForMapBody.nullish(),
          response: { 200: StorePlacesForMapResponse, ...errorResponses },
        },
      },
      async (request) => places.placesForMap(request.clientTenant, request.body ?? {}),
    );

    app.get(
      '/getCitiesForMap',
      {
        config: { tenancy: 'client' },
        schema: {
          tags,
          summary: "The client's cities",
          headers: ClientHeaders,
          response: { 200: StoreCitiesResponse, ...errorResponses },
        },
      },
      async (request) => places.cities(request.clientTenant),
    );

    app.get(
      '/getTagsForMap',
      {
        config: { tenancy: 'client' },
        schema: {
          tags,
          summary: "The client's place tags",
          headers: ClientHeaders,
          response: { 200: StoreTagsResponse, ...errorResponses },
        },
      },
      async (request) => places.tags(request.clientTenant),
    );

    app.post(
      '/places/gallery',
      {
        config: { tenancy: 'place' },
        schema: {
          tags,
          summary: "The place's gallery images",
          headers: PlaceHeaders,
          body: PlaceGalleryBody,
          response: {
            200: StoreGalleryResponse,
            403: ApiError.describe('gallery_module_disabled: the venue has switched its gallery off'),
            ...errorResponses,
          },
        },
      },
      async (request) => places.gallery(request.tenant),
    );
  };
}

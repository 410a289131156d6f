/** Settings, functionality modules and languages under /api/admin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLanguagesBody,
  AdminLanguagesResponse,
  AdminModulesBody,
  AdminModulesResponse,
  AdminSettingsResponse,
  AdminSettingsUpdateBody,
} from '@trapeza/domain/contracts/admin';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';

export function adminSettingsRoutes(settings: AdminSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const r = placeRoute(['admin: settings']);
    app.get(
      '/admin/settings',
      r.with({
        summary: 'Every venue setting (spec §3) grouped by area, with type, default, description and value',
        description: 'Stored keys outside the catalogue come in `other`; secret-looking keys are masked.',
        response: { 200: AdminSettingsResponse, ...adminErrors },
      }),
      async (request) => settings.get(adminContext(request)),
    );
    app.put(
      '/admin/settings',
      r.with({
        summary:
          'Change settings: key → value (null = back to the default), `<key>_translations` → {lang: text}',
        description:
          'Each value is checked against its type (flag, integer, money, enum, colour, URL, e-mail, phone, regex, ' +
          'time zone, working hours…); any problem refuses the whole change with 400 validation_error listing every ' +
          'key. working_hours: {"1": "08:00-12:00,13:00-22:00" | ["08:00-12:00", "13:00-22:00"] | "-", …}.',
        body: AdminSettingsUpdateBody,
        response: { 200: AdminSettingsResponse, ...adminErrors },
      }),
      async (request) => settings.put(adminContext(request), request.body),
    );
    app.get(
      '/admin/modules',
      r.with({
        summary: 'Functionality modules of the place (payments, booking, …) and the ones available',
        response: { 200: AdminModulesResponse, ...adminErrors },
      }),
      async (request) => settings.modules(adminContext(request)),
    );
    app.put(
      '/admin/modules',
      r.with({
        summary: 'Switch functionality modules on (listed) or off (not listed)',
        body: AdminModulesBody,
        response: { 200: AdminModulesResponse, ...adminErrors },
      }),
      async (request) => settings.setModules(adminContext(request), request.body.functionality_modules),
    );
    app.get(
      '/admin/languages',
      r.with({
        summary: 'Languages offered, in order',
        response: { 200: AdminLanguagesResponse, ...adminErrors },
      }),
      async (request) => settings.languages(adminContext(request)),
    );
    app.put(
      '/admin/languages',
      r.with({
        summary:
          'Replace the languages offered (order kept, exactly one default, which becomes default_lang)',
        body: AdminLanguagesBody,
        response: { 200: AdminLanguagesResponse, ...adminErrors },
      }),
      async (request) => settings.setLanguages(adminContext(request), request.body),
    );
  };
}

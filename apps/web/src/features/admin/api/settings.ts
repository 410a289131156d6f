/** Settings, functionality modules and languages (admin-settings.routes.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminLanguagesBody,
  AdminModulesResponse,
  AdminSettingsResponse,
  AdminSettingsUpdateBody,
} from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export type { AdminSettingsResponse };
export type AdminSettingRow = AdminSettingsResponse['settings'][number];
export type AdminModules = z.infer<typeof AdminModulesResponse>;
export type AdminLanguages = z.infer<typeof AdminLanguagesBody>;
export type SettingsChange = z.infer<typeof AdminSettingsUpdateBody>;

export const settingsKeys = {
  settings: (place: string) => ['admin', place, 'settings'] as const,
  modules: (place: string) => ['admin', place, 'modules'] as const,
  languages: (place: string) => ['admin', place, 'languages'] as const,
};

export const settingsQuery = (place: string) =>
  queryOptions({
    queryKey: settingsKeys.settings(place),
    queryFn: () => adminRequest<AdminSettingsResponse>('admin/settings'),
  });
export const modulesQuery = (place: string) =>
  queryOptions({
    queryKey: settingsKeys.modules(place),
    queryFn: () => adminRequest<AdminModules>('admin/modules'),
  });
export const languagesQuery = (place: string) =>
  queryOptions({
    queryKey: settingsKeys.languages(place),
    queryFn: () => adminRequest<AdminLanguages>('admin/languages'),
  });

export const saveSettings = (body: SettingsChange) =>
  adminRequest<AdminSettingsResponse>('admin/settings', { method: 'PUT', body });
export const saveModules = (modules: string[]) =>
  adminRequest<AdminModules>('admin/modules', { method: 'PUT', body: { functionality_modules: modules } });
export const saveLanguages = (body: AdminLanguages) =>
  adminRequest<AdminLanguages>('admin/languages', { method: 'PUT', body });

/**
 * Venue settings for the admin console: every setting of the domain catalogue (spec §3) with its area, type,
 * default, description and current value; writes checked per key type; working hours kept both as the
 * `working_hours` JSON the domain parses and as the per-day `working_hours_1…7` keys the about page reads;
 * secrets never shown in clear. Also the functionality modules and the languages offered.
 */
import type { z } from 'zod';
import {
  FUNCTIONALITY_MODULES,
  type AdminLanguagesBody,
  type AdminSettingsResponse,
  type AdminSettingsUpdateBody,
} from '@trapeza/domain/contracts/admin';
import type { LanguageCode } from '@trapeza/domain/contracts/menu';
import {
  SETTING_GROUPS,
  SETTINGS_CATALOGUE,
  TRANSLATIONS_SUFFIX,
  checkSettingTranslations,
  checkSettingValue,
  isSecretSettingKey,
  maskSecret,
  settingDefinition,
} from '@trapeza/domain/settings-catalogue';
import { DomainError, detail, type ErrorDetail } from '../../lib/domain-error.ts';
import { parseJson } from '../menu/menu.mapping.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import type { AdminSettingsRepository } from './admin-settings.repository.ts';

const DAY_KEY = /^working_hours_([1-7])$/;

export function createAdminSettingsService(deps: {
  repo: AdminSettingsRepository;
  audit: AuditRepository;
  publish: (placeId?: number) => void;
}) {
  const { repo, audit, publish } = deps;

  return {
    /** Every catalogue setting with its current value, plus the stored keys the catalogue does not know. */
    async get(ctx: AdminCallContext): Promise<AdminSettingsResponse> {
      const stored = new Map((await repo.listSettings(ctx.placeId)).map((r) => [r.key, r.value]));
      // A venue whose hours only exist as per-day keys (older data) shows them as the one working_hours value.
      if (!stored.has('working_hours')) {
        const days = [...stored].filter(([k]) => DAY_KEY.test(k));
        if (days.length) {
          stored.set(
            'working_hours',
            JSON.stringify(Object.fromEntries(days.map(([k, v]) => [DAY_KEY.exec(k)![1], v]).sort())),
          );
        }
      }
      const known = new Set<string>();
      const settings = SETTINGS_CATALOGUE.map((d) => {
        known.add(d.key);
        const value = stored.get(d.key) ?? null;
        let translations: Record<string, string> | null = null;
        if (d.translatable) {
          known.add(d.key + TRANSLATIONS_SUFFIX);
          const raw = parseJson<Record<string, unknown>>(stored.get(d.key + TRANSLATIONS_SUFFIX), {});
          translations = Object.fromEntries(
            Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'),
          );
        }
        return {
          key: d.key,
          group: d.group,
          type: d.type,
          description: d.description,
          default: d.default,
          value,
          effective: value ?? d.default,
          ...(d.options ? { options: [...d.options] } : {}),
          ...(d.min !== undefined ? { min: d.min } : {}),
          ...(d.max !== undefined ? { max: d.max } : {}),
          translatable: d.translatable === true,
          translations,
          designed: d.designed === true,
        };
      });
      const other = [...stored]
        .filter(([k]) => !known.has(k) && !DAY_KEY.test(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) =>
          isSecretSettingKey(key)
            ? { key, value: maskSecret(value), masked: true }
            : { key, value, masked: false },
        );
      return { groups: [...SETTING_GROUPS], settings, other };
    },

    /** Checks every key first (all or nothing), then writes; null goes back to the default. */
    async put(
      ctx: AdminCallContext,
      body: z.output<typeof AdminSettingsUpdateBody>,
    ): Promise<AdminSettingsResponse> {
      const changes = new Map<string, string | null>();
      const problems: ErrorDetail[] = [];
      for (const [key, raw] of Object.entries(body)) {
        const base = key.endsWith(TRANSLATIONS_SUFFIX) ? key.slice(0, -TRANSLATIONS_SUFFIX.length) : null;
        const baseDef = base === null ? undefined : settingDefinition(base);
        if (baseDef?.translatable) {
          const r = raw === null ? ({ ok: true, value: null } as const) : checkSettingTranslations(raw);
          if (r.ok) changes.set(key, r.value);
          else problems.push(detail(key, 'invalid_setting', r.message));
          continue;
        }
        const def = settingDefinition(key);
        if (!def) {
          problems.push(detail(key, 'unknown_setting', 'unknown setting'));
          continue;
        }
        if (raw === null) {
          changes.set(key, null);
          continue;
        }
        const r = checkSettingValue(def, raw);
        if (r.ok) changes.set(key, r.value);
        else problems.push(detail(key, 'invalid_setting', r.message));
      }
      if (problems.length) {
        throw new DomainError(400, 'validation_error', `${problems[0]!.path}: ${problems[0]!.message}`, {
          details: problems,
        });
      }
      if (changes.has('working_hours')) {
        const hours = changes.get('working_hours');
        const days = hours ? parseJson<Record<string, string>>(hours, {}) : {};
        for (let d = 1; d <= 7; d++)
          changes.set(`working_hours_${d}`, days[String(d)] ?? (hours ? '-' : null));
        if (hours === '') changes.set('working_hours', null);
      }
      await repo.writeSettings(ctx.placeId, changes);
      await audit.record(ctx, 'update', 'settings', null, { keys: Object.keys(body) });
      publish(ctx.placeId);
      return this.get(ctx);
    },

    async modules(ctx: AdminCallContext) {
      const current = parseJson<unknown[]>(await repo.getModules(ctx.placeId), []).filter(
        (m): m is string => typeof m === 'string',
      );
      return { available: [...FUNCTIONALITY_MODULES], functionality_modules: current };
    },

    async setModules(ctx: AdminCallContext, modules: string[]) {
      await repo.setModules(ctx.placeId, [...new Set(modules)]);
      await audit.record(ctx, 'update', 'functionality_modules', ctx.placeId, { modules });
      publish(ctx.placeId);
      return this.modules(ctx);
    },

    async languages(ctx: AdminCallContext) {
      return (await repo.listLanguages(ctx.placeId)).map((l) => ({
        code: l.code as LanguageCode,
        name: l.name,
        is_default: l.is_default ? (1 as const) : (0 as const),
      }));
    },

    /** Replaces the languages offered; the default one also becomes the default_lang setting. */
    async setLanguages(ctx: AdminCallContext, languages: z.output<typeof AdminLanguagesBody>) {
      await repo.replaceLanguages(ctx.placeId, languages);
      const def = languages.find((l) => l.is_default === 1)!;
      await repo.writeSettings(ctx.placeId, new Map([['default_lang', def.code]]));
      await audit.record(ctx, 'update', 'languages', null, { codes: languages.map((l) => l.code) });
      publish(ctx.placeId);
      return this.languages(ctx);
    },
  };
}
export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;

/**
 * A react-hook-form resolver over the domain's validation rules (`@trapeza/domain/validation`): the form states
 * which rule each field follows, the rules themselves are never written here. Errors carry the domain's
 * ValidationCode as their type; the form shows `t('account.validation.<code>')`.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Field → failing code; fields without an entry pass. */
export type FieldCodes<T> = Partial<Record<keyof T & string, string>>;

export function domainResolver<T extends FieldValues>(check: (values: T) => FieldCodes<T>): Resolver<T> {
  return (values) => {
    const codes = check(values);
    const entries = Object.entries(codes).filter((e): e is [string, string] => typeof e[1] === 'string');
    if (entries.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      entries.map(([field, code]) => [field, { type: code, message: code }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}

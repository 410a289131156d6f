import { useEffect, useState } from 'react';
import type { PhonePattern } from '@trapeza/domain/validation';

/**
 * The venue's extra phone rule (setting validate_phone_number_regex) compiled by the domain's linear-time engine
 * (packages/domain/src/phone-pattern.ts, RE2JS: the same code the server runs, so a venue pattern can never freeze
 * the tab). The engine is loaded only when the venue sets a rule (it is about 65 KB gzip, kept out of the initial
 * JS); until it arrives, and when the pattern cannot be compiled, the form checks the default phone rule only and
 * the server, which always applies the venue rule, answers invalid_phone.
 */
export function usePhonePattern(source: string | null | undefined): PhonePattern | null {
  const wanted = source?.trim() || null;
  const [loaded, setLoaded] = useState<{ source: string; pattern: PhonePattern | null } | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    let live = true;
    void import('@trapeza/domain/phone-pattern').then(
      (m) => {
        if (live) setLoaded({ source: wanted, pattern: m.compilePhonePattern(wanted) });
      },
      () => undefined, // offline: the default check stays, the server still applies the rule
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted !== null && loaded?.source === wanted ? loaded.pattern : null;
}

/** `/{place}/feedback`: feedback questions and a customer review (spec §2). */
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '../../features/table/components/feedback-form.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Redirect } from '../redirect.tsx';

/** The feedback module switched off: no such page (issue 24; the server answers the page 404 too). */
export function Component() {
  const venue = useVenue();
  if (!venue.info.functionality_modules.includes('feedback')) return <Redirect to="/404" />;
  return <FeedbackPage />;
}

function FeedbackPage() {
  const venue = useVenue();
  const { t } = useTranslation();
  const token = useSessionStore((s) => (s.orderToken?.place === venue.place ? s.orderToken.token : null));
  usePageMeta(t('nav.feedback'), venue.name);
  return (
    <div className="page page-narrow">
      <h1>{t('nav.feedback')}</h1>
      <FeedbackForm place={venue.place} lang={venue.lang} token={token} />
    </div>
  );
}

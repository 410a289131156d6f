/** A legal text page: the venue's own text (sanitised) when set, else the app's default text in the guest's language. */
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';

export function LegalPage({
  title,
  html,
  fallbackKey,
}: {
  title: string;
  html: string | null;
  fallbackKey: string;
}) {
  const { t } = useTranslation();
  const paragraphs = t(fallbackKey, { returnObjects: true }) as unknown;
  return (
    <div className="page page-narrow">
      <h1>{title}</h1>
      {html ? (
        <SafeHtml html={html} className="prose" />
      ) : (
        <div className="prose">
          {(Array.isArray(paragraphs) ? (paragraphs as string[]) : [String(paragraphs)]).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
    </div>
  );
}

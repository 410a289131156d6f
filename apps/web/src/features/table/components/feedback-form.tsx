/** Feedback page (spec §2): the venue's questions (rating 1–5 or text), a free review and name; POST feedback. */
import { useState, type FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateField } from '@trapeza/domain/i18n';
import { MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { feedbackQuestionsQueryOptions, sendFeedback } from '../api/table.ts';
import { tableBundle } from '../i18n/loaders.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';

export function FeedbackForm({ place, lang, token }: { place: string; lang: string; token: string | null }) {
  useFeatureTranslations('table', tableBundle);
  const { t } = useTranslation();
  const { data: questions } = useSuspenseQuery(feedbackQuestionsQueryOptions(place));
  const [ratings, setRatings] = useState<Record<number, number>>({});
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [comment, setComment] = useState('');
  const [name, setName] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState('sending');
    try {
      await sendFeedback(place, {
        answers: questions
          .map((q) => ({
            question_id: q.id,
            rating: ratings[q.id] ?? null,
            text: texts[q.id]?.trim() || null,
          }))
          .filter((a) => a.rating != null || a.text != null),
        comment: comment.trim() || null,
        name: name.trim() || null,
        token,
      });
      setState('done');
    } catch {
      setState('failed');
    }
  };

  if (state === 'done')
    return (
      <p role="status" className="lead">
        {t('table.feedbackThanks')}
      </p>
    );
  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      {[...questions]
        .sort((a, b) => a.position - b.position)
        .map((q) =>
          q.type === 'rating' ? (
            <ChoiceCardGroup
              key={q.id}
              legend={translateField(q, 'text', lang)}
              name={`q-${q.id}`}
              layout="grid"
              value={ratings[q.id] === undefined ? '' : String(ratings[q.id])}
              onValueChange={(v) => setRatings({ ...ratings, [q.id]: Number(v) })}
            >
              {[1, 2, 3, 4, 5].map((v) => (
                <ChoiceCard
                  key={v}
                  value={String(v)}
                  label={
                    <>
                      <span aria-hidden="true">{'★'.repeat(v)}</span>
                      <span className="visually-hidden">{t('table.rating', { value: v })}</span>
                    </>
                  }
                />
              ))}
            </ChoiceCardGroup>
          ) : (
            <label key={q.id} className="field">
              <span>{translateField(q, 'text', lang)}</span>
              <textarea
                rows={2}
                maxLength={MAX_COMMENT_LENGTH}
                value={texts[q.id] ?? ''}
                onChange={(e) => setTexts({ ...texts, [q.id]: e.target.value })}
              />
            </label>
          ),
        )}
      <label className="field">
        <span>{t('table.feedbackComment')}</span>
        <textarea
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('table.feedbackName')}</span>
        <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </label>
      {state === 'failed' && (
        <p role="alert" className="alert">
          {t('table.feedbackFailed')}
        </p>
      )}
      <button type="submit" className="button" disabled={state === 'sending'}>
        {t('table.send')}
      </button>
    </form>
  );
}

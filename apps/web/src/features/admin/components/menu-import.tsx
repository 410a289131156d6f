/**
 * /admin → Menu → Import (issue 16 item 1): download the template or the current menu (XLSX or CSV), choose a
 * file, see what it would do (products to create and update, new categories, every problem by row and column in
 * the admin's language), then import it. Nothing is written before "Import", and not while a problem remains.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuImportProblemCode } from '@trapeza/domain/menu-import';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  downloadMenu,
  downloadTemplate,
  previewImport,
  runImport,
  type MenuImportPreview,
  type SheetFormat,
} from '../api/menu-import.ts';
import { menuKeys } from '../api/menu.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

/** File-level refusals the screen words itself (other errors: the generic message). */
const FILE_ERRORS = [
  'unsupported_file_type',
  'file_too_large',
  'too_many_rows',
  'hidden_sheets',
  'not_utf8',
  'unreadable_file',
  'empty_file',
] as const;
type FileError = (typeof FILE_ERRORS)[number];

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function MenuImport() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<MenuImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  const problemText = (code: MenuImportProblemCode) => t(`menu.import.problem.${code}`);
  const fileError =
    error instanceof ApiRequestError && FILE_ERRORS.includes(error.body?.code as FileError)
      ? (error.body!.code as FileError)
      : null;

  async function download(kind: 'template' | 'menu', format: SheetFormat) {
    setError(null);
    try {
      const { blob, filename } = await (kind === 'template'
        ? downloadTemplate(format)
        : downloadMenu(format));
      save(blob, filename ?? `${kind}.${format}`);
    } catch (err) {
      setError(err);
    }
  }

  async function check(chosen: File | null = file) {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    setDone(null);
    setPreview(null);
    try {
      setPreview(await previewImport(chosen));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  async function importNow() {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await runImport(file);
      setDone(
        t('menu.import.done', {
          create: result.create,
          update: result.update,
          unchanged: result.unchanged,
        }),
      );
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: menuKeys.all(place) });
    } catch (err) {
      // 422: the file changed into one with problems (or the menu moved): show the answer's preview.
      if (err instanceof ApiRequestError && err.body?.code === 'import_invalid') {
        setPreview((err.body as { preview?: MenuImportPreview }).preview ?? null);
      } else setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={s.card} aria-labelledby={`${fileId}-title`}>
      <h2 id={`${fileId}-title`}>{t('menu.import.title')}</h2>
      <p className={s.hint}>{t('menu.import.intro')}</p>
      <div className={s.row} role="group" aria-label={t('menu.import.downloads')}>
        <button type="button" className={s.btnGhost} onClick={() => void download('template', 'xlsx')}>
          {t('menu.import.templateXlsx')}
        </button>
        <button type="button" className={s.btnGhost} onClick={() => void download('template', 'csv')}>
          {t('menu.import.templateCsv')}
        </button>
        <button type="button" className={s.btnGhost} onClick={() => void download('menu', 'xlsx')}>
          {t('menu.import.exportXlsx')}
        </button>
        <button type="button" className={s.btnGhost} onClick={() => void download('menu', 'csv')}>
          {t('menu.import.exportCsv')}
        </button>
      </div>

      <div className={s.row} style={{ marginTop: '1rem' }}>
        <label htmlFor={fileId}>{t('menu.import.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setDone(null);
            void check(chosen);
          }}
        />
        <button type="button" className={s.btnGhost} disabled={!file || busy} onClick={() => void check()}>
          {t('menu.import.check')}
        </button>
      </div>

      <div aria-live="polite">
        {busy && <p className={s.hint}>{t('menu.import.working')}</p>}
        {done && (
          <p role="status" className={s.ok}>
            {done}
          </p>
        )}
        {fileError && (
          <p role="alert" className={s.error}>
            {t(`menu.import.fileError.${fileError}`)}
          </p>
        )}
      </div>
      {error !== null && !fileError && <ErrorMessage error={error} />}

      {preview && (
        <div data-testid="import-preview">
          <h3>{t('menu.import.previewTitle')}</h3>
          <ul>
            <li>{t('menu.import.create', { count: preview.create })}</li>
            <li>{t('menu.import.update', { count: preview.update })}</li>
            <li>{t('menu.import.unchanged', { count: preview.unchanged })}</li>
            {preview.new_categories.length > 0 && (
              <li>
                {t('menu.import.newCategories', { count: preview.new_categories.length })}{' '}
                {preview.new_categories.join(', ')}
              </li>
            )}
          </ul>
          {preview.problems.length > 0 ? (
            <table className={s.table}>
              <caption>{t('menu.import.problems', { count: preview.problems.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('menu.import.row')}</th>
                  <th scope="col">{t('menu.import.column')}</th>
                  <th scope="col">{t('menu.import.problemHeader')}</th>
                  <th scope="col">{t('menu.import.value')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.problems.map((p, i) => (
                  <tr key={i}>
                    <td>{p.row}</td>
                    <td>{p.column ?? '—'}</td>
                    <td>{problemText(p.code)}</td>
                    <td>{p.value ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={s.ok}>{t('menu.import.noProblems')}</p>
          )}
          {preview.notes.length > 0 && (
            <>
              <h4>{t('menu.import.notesTitle')}</h4>
              <ul>
                {preview.notes.map((n, i) => (
                  <li key={i}>{t('menu.import.plainText', { row: n.row, column: n.column })}</li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className={s.btn}
            disabled={busy || preview.problems.length > 0 || preview.create + preview.update === 0}
            onClick={() => void importNow()}
          >
            {t('menu.import.run')}
          </button>
          {preview.problems.length > 0 && <p className={s.hint}>{t('menu.import.fixFirst')}</p>}
        </div>
      )}
    </section>
  );
}

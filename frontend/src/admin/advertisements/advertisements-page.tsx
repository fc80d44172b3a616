/**
 * /admin/advertisements (admin-side §2, §5, §8, §9): the code of ad slots ad1 to ad7, each with the place
 * it shows on the site, a code editor, its size in UTF-8 bytes against the 50 KB limit (a slot over it
 * blocks the save here, as the server refuses it with a 413), and a live preview in a sandboxed 300x250
 * frame. Reset clears ad1 to ad5 only (spec §5); save posts all seven.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdvertisementCodes, AdvertisementCodesSaved } from '../../../../common/api/admin.ts';
import { AD_SLOT_KEYS, AD_SLOT_MAX_BYTES, type AdSlotKey } from '../../../../common/api/admin-snippet-limits.ts';
import { useApi } from '../../lib/use-api.ts';
import { CodeEditor } from '../components/code-editor.tsx';
import { useConfirm } from '../components/confirm.tsx';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { useSnippetDraft } from '../components/use-snippet-draft.ts';
import { useToast } from '../components/toast.tsx';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { ADMIN_KEY, MINUTE } from '../lib/query-client.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { AdPreviewFrame } from './ad-preview-frame.tsx';
import { errorText, advertisementsMessages } from './messages.ts';
import './advertisements.css';

export const ADVERTISEMENT_CODES_KEY = [ADMIN_KEY, 'advertisement-codes'] as const;

/** The slots the reset button clears (spec §5): ad6 and ad7 are kept. */
export const RESET_SLOTS: readonly AdSlotKey[] = ['ad1', 'ad2', 'ad3', 'ad4', 'ad5'];

export function AdvertisementsPage() {
  const t = useMessages(advertisementsMessages);
  usePageTitle(t.title);
  const api = useApi();
  const codes = useQuery({ queryKey: ADVERTISEMENT_CODES_KEY, queryFn: () => api.get<AdvertisementCodes>('/api/admin/advertisement-codes'), staleTime: 5 * MINUTE });
  return (
    <section className="admin-page ads-page">
      <header className="admin-page-header">
        <div>
          <h1>{t.title}</h1>
          <p>{t.subtitle}</p>
        </div>
      </header>
      {codes.isPending ? <Spinner /> : codes.isError ? <LoadError error={codes.error} onRetry={() => void codes.refetch()} /> : <AdsForm server={codes.data} />}
    </section>
  );
}

function AdsForm({ server }: { server: AdvertisementCodes }) {
  const t = useMessages(advertisementsMessages);
  const format = useFormat();
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const baseId = useId();
  const { draft, setDraft, setSnippet, dirty, sizes, tooLarge } = useSnippetDraft(server, AD_SLOT_KEYS, AD_SLOT_MAX_BYTES);
  const limit = format.bytes(AD_SLOT_MAX_BYTES);

  const save = useMutation({
    mutationFn: (codes: AdvertisementCodes) => api.post<AdvertisementCodesSaved>('/api/admin/advertisement-codes', codes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(ADVERTISEMENT_CODES_KEY, saved.codes);
      setDraft(saved.codes);
      toast({ title: t.saved, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ADVERTISEMENT_CODES_KEY });
    },
    onError: (error) => toast({ title: t.saveFailed, description: errorText(error), variant: 'error' }),
  });

  async function onReset() {
    if (!(await confirm({ title: t.resetTitle, message: t.resetMessage, confirmLabel: t.reset, destructive: true }))) return;
    setDraft((current) => ({ ...current, ...Object.fromEntries(RESET_SLOTS.map((key) => [key, ''])) }));
  }

  return (
    <form
      className="ads-form"
      aria-label={t.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLarge) save.mutate(draft);
      }}
    >
      <div className="admin-card ads-actions">
        <p className="admin-muted ads-note">{t.previewNote}</p>
        {tooLarge ? (
          <p className="admin-field-error" role="alert">
            {t.blocked}
          </p>
        ) : null}
        {dirty ? <span className="admin-chip admin-chip-warning">{t.unsaved}</span> : null}
        <span className="ads-actions-spacer" />
        <button type="button" className="admin-button" onClick={() => void onReset()} disabled={save.isPending}>
          {t.reset}
        </button>
        <button type="submit" className="admin-button admin-button-primary" disabled={save.isPending || tooLarge}>
          {save.isPending ? t.saving : t.save}
        </button>
      </div>
      <div className="ads-slots">
        {AD_SLOT_KEYS.map((key, index) => {
          const id = `${baseId}-${key}`;
          const over = sizes[key] > AD_SLOT_MAX_BYTES;
          return (
            <section className="admin-card ads-slot" key={key} aria-labelledby={`${id}-label`} data-slot={key}>
              <div className="ads-slot-editor">
                <h2 className="ads-slot-title" id={`${id}-label`}>
                  {t.slot(index + 1)} <code>{key}</code>
                </h2>
                <p className="admin-field-hint ads-place" id={`${id}-place`}>
                  {t.places[key]}
                </p>
                <CodeEditor
                  value={draft[key]}
                  onChange={(value) => setSnippet(key, value)}
                  labelledBy={`${id}-label`}
                  describedBy={`${id}-place ${id}-size`}
                  height="10rem"
                  testId={`editor-${key}`}
                />
                <p className={over ? 'ads-size ads-size-over' : 'ads-size'} id={`${id}-size`} data-testid={`size-${key}`}>
                  <span title={`${format.number(sizes[key])} B`}>{t.size(format.bytes(sizes[key]), limit)}</span>
                  {over ? <span className="admin-field-error"> {t.tooLarge(limit, format.bytes(sizes[key] - AD_SLOT_MAX_BYTES))}</span> : null}
                </p>
              </div>
              <div className="ads-slot-preview">
                <span className="ads-preview-label">{t.preview}</span>
                <AdPreviewFrame html={draft[key]} title={t.previewTitle(index + 1)} testId={`preview-${key}`} />
                {draft[key].trim() === '' ? <p className="admin-muted ads-preview-empty">{t.previewEmpty}</p> : null}
              </div>
            </section>
          );
        })}
      </div>
    </form>
  );
}

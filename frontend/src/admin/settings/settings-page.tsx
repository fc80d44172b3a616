/**
 * /admin/settings (admin-side §2, §4, §8, §9): the four site-wide snippets in code editors, filled from
 * the server (kept 5 minutes), with the script-tag warning for head and footer code, each snippet's size
 * against the server's limit, reset to the server's values and save; the cache clear button (every
 * client cache dropped, the page reloaded 2 s later); the sitemap files with their URL counts and a
 * regenerate button.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { ClearCacheResponse, SiteSettings, SiteSettingsBody, SiteSettingsSaved } from '../../../../common/api/admin.ts';
import { SITE_SETTING_KEYS, SITE_SETTING_MAX_BYTES, type SiteSettingKey } from '../../../../common/api/admin-snippet-limits.ts';
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
import { errorText, settingsMessages } from './messages.ts';
import { SitemapsCard } from './sitemaps-card.tsx';
import './settings.css';

export const SITE_SETTINGS_KEY = [ADMIN_KEY, 'site-settings'] as const;

/** How long the cache clear's toast shows before the page reloads (spec §9). */
export const CACHE_CLEAR_RELOAD_MS = 2000;

/** Head and footer code are checked for a script tag (spec §2). */
const SCRIPT_CHECKED: readonly SiteSettingKey[] = ['head_tags', 'footer_tags'];
const SCRIPT_TAG = /<script[\s>/]/i;

export function SettingsPage() {
  const t = useMessages(settingsMessages);
  usePageTitle(t.title);
  const api = useApi();
  const settings = useQuery({ queryKey: SITE_SETTINGS_KEY, queryFn: () => api.get<SiteSettings>('/api/admin/site-settings'), staleTime: 5 * MINUTE });

  return (
    <section className="admin-page settings-page">
      <header className="admin-page-header">
        <div>
          <h1>{t.title}</h1>
          <p>{t.subtitle}</p>
        </div>
      </header>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SnippetsForm server={settings.data} refetch={async () => (await settings.refetch()).data} />
      )}
      <SitemapsCard />
    </section>
  );
}

function SnippetsForm({ server, refetch }: { server: SiteSettings; refetch(): Promise<SiteSettings | undefined> }) {
  const t = useMessages(settingsMessages);
  const format = useFormat();
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const baseId = useId();
  const { draft, setDraft, setSnippet, dirty, sizes, tooLarge } = useSnippetDraft(server, SITE_SETTING_KEYS, SITE_SETTING_MAX_BYTES);

  const save = useMutation({
    mutationFn: (body: SiteSettingsBody) => api.post<SiteSettingsSaved>('/api/admin/site-settings', body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SITE_SETTINGS_KEY, saved.settings);
      setDraft(saved.settings);
      toast({ title: t.saved, description: t.savedDescription, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: SITE_SETTINGS_KEY });
    },
    onError: (error) => toast({ title: t.saveFailed, description: errorText(error), variant: 'error' }),
  });

  const clearCache = useMutation({
    mutationFn: () => api.post<ClearCacheResponse>('/api/admin/clear-cache'),
    onSuccess: () => {
      toast({ title: t.cacheCleared, description: t.cacheClearedDescription, variant: 'success' });
      // Spec §4: every cached client datum is dropped, then the page reloads after 2 seconds.
      queryClient.clear();
      window.setTimeout(() => window.location.reload(), CACHE_CLEAR_RELOAD_MS);
    },
    onError: (error) => toast({ title: t.cacheFailed, description: errorText(error), variant: 'error' }),
  });

  async function onClearCache() {
    if (dirty && !(await confirm({ title: t.discardTitle, message: t.discardMessage, destructive: true }))) return;
    clearCache.mutate();
  }

  async function onReset() {
    setDraft((await refetch()) ?? server);
  }

  return (
    <>
      <form
        className="admin-card settings-snippets"
        aria-labelledby={`${baseId}-snippets`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLarge) save.mutate(draft);
        }}
      >
        <h2 id={`${baseId}-snippets`}>{t.snippetsTitle}</h2>
        <p className="admin-muted settings-intro">{t.snippetsHint}</p>
        <div className="settings-fields">
          {SITE_SETTING_KEYS.map((key) => {
            const id = `${baseId}-${key}`;
            const hasScript = SCRIPT_CHECKED.includes(key) && SCRIPT_TAG.test(draft[key]);
            const over = sizes[key] > SITE_SETTING_MAX_BYTES;
            return (
              <div className="settings-field" key={key} data-setting={key}>
                <span className="settings-label" id={`${id}-label`}>
                  {t.fields[key].label} <code>{key}</code>
                </span>
                <p className="admin-field-hint" id={`${id}-where`}>
                  {t.fields[key].where}
                </p>
                <CodeEditor
                  value={draft[key]}
                  onChange={(value) => setSnippet(key, value)}
                  labelledBy={`${id}-label`}
                  describedBy={`${id}-where ${id}-size${hasScript ? ` ${id}-warning` : ''}`}
                  height="9rem"
                  testId={`editor-${key}`}
                />
                {hasScript ? (
                  <p className="settings-warning" id={`${id}-warning`} role="note" data-testid={`script-warning-${key}`}>
                    {t.scriptWarning}
                  </p>
                ) : null}
                <p className={over ? 'settings-size settings-size-over' : 'settings-size'} id={`${id}-size`} data-testid={`size-${key}`}>
                  <span title={`${format.number(sizes[key])} B`}>{t.size(format.bytes(sizes[key]), format.bytes(SITE_SETTING_MAX_BYTES))}</span>
                  {over ? <span className="admin-field-error"> {t.tooLarge(format.bytes(SITE_SETTING_MAX_BYTES), format.bytes(sizes[key] - SITE_SETTING_MAX_BYTES))}</span> : null}
                </p>
              </div>
            );
          })}
        </div>
        <div className="settings-actions">
          {dirty ? <span className="admin-chip admin-chip-warning">{t.unsaved}</span> : null}
          <span className="settings-actions-spacer" />
          <button type="button" className="admin-button" onClick={() => void onReset()} title={t.resetHint} disabled={save.isPending}>
            {t.reset}
          </button>
          <button type="submit" className="admin-button admin-button-primary" disabled={save.isPending || tooLarge}>
            {save.isPending ? t.saving : t.save}
          </button>
        </div>
      </form>
      <section className="admin-card settings-cache" aria-labelledby={`${baseId}-cache`}>
        <h2 id={`${baseId}-cache`}>{t.cacheTitle}</h2>
        <p className="admin-muted">{t.cacheHint}</p>
        <button type="button" className="admin-button admin-button-danger" onClick={() => void onClearCache()} disabled={clearCache.isPending || clearCache.isSuccess}>
          {clearCache.isPending ? t.clearing : t.clearCache}
        </button>
      </section>
    </>
  );
}

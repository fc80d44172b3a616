/**
 * The settings screen's sitemap management: every file crawlers fetch with its URL count, when the files
 * were last generated, and a regenerate button whose result (URLs and files) is shown beside it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SitemapsRegenerated, SitemapsStatus } from '../../../../common/api/admin.ts';
import { useApi } from '../../lib/use-api.ts';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { useToast } from '../components/toast.tsx';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { ADMIN_KEY, MINUTE } from '../lib/query-client.ts';
import { errorText, settingsMessages } from './messages.ts';

export const SITEMAPS_KEY = [ADMIN_KEY, 'sitemaps'] as const;

export function SitemapsCard() {
  const t = useMessages(settingsMessages);
  const format = useFormat();
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const sitemaps = useQuery({ queryKey: SITEMAPS_KEY, queryFn: () => api.get<SitemapsStatus>('/api/admin/sitemaps'), staleTime: 2 * MINUTE });
  const [result, setResult] = useState<SitemapsRegenerated | null>(null);

  const regenerate = useMutation({
    mutationFn: () => api.post<SitemapsRegenerated>('/api/admin/sitemaps/regenerate'),
    onSuccess: async (answer) => {
      const { success: _success, message: _message, ...status } = answer;
      queryClient.setQueryData<SitemapsStatus>(SITEMAPS_KEY, status);
      setResult(answer);
      toast({ title: t.regenerated, description: t.regeneratedResult(format.number(answer.totalUrls), format.number(answer.files.length)), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: SITEMAPS_KEY });
    },
    onError: (error) => toast({ title: t.regenerateFailed, description: errorText(error), variant: 'error' }),
  });

  const data = sitemaps.data;
  return (
    <section className="admin-card settings-sitemaps" aria-labelledby={headingId} data-testid="sitemaps">
      <div className="settings-card-head">
        <h2 id={headingId}>{t.sitemapsTitle}</h2>
        <button type="button" className="admin-button admin-button-primary" onClick={() => regenerate.mutate()} disabled={regenerate.isPending || !data}>
          {regenerate.isPending ? t.regenerating : t.regenerate}
        </button>
      </div>
      {result ? (
        <p className="settings-result" role="status" data-testid="sitemaps-result">
          <strong>{t.regenerated}:</strong> {t.regeneratedResult(format.number(result.totalUrls), format.number(result.files.length))}
        </p>
      ) : null}
      {sitemaps.isPending ? (
        <Spinner />
      ) : sitemaps.isError ? (
        <LoadError error={sitemaps.error} onRetry={() => void sitemaps.refetch()} />
      ) : data ? (
        <>
          <dl className="settings-facts">
            <div>
              <dt>{t.totalUrls}</dt>
              <dd data-testid="sitemaps-total">{format.number(data.totalUrls)}</dd>
            </div>
            <div>
              <dt>{t.fileCount}</dt>
              <dd>{format.number(data.files.length)}</dd>
            </div>
            <div>
              <dt>{t.generatedAt}</dt>
              <dd>{data.generatedAt ? <time dateTime={data.generatedAt}>{format.dateTime(data.generatedAt)}</time> : t.never}</dd>
            </div>
            <div>
              <dt>{t.lastRegeneratedAt}</dt>
              <dd data-testid="sitemaps-regenerated-at">
                {data.lastRegeneratedAt ? <time dateTime={data.lastRegeneratedAt}>{format.dateTime(data.lastRegeneratedAt)}</time> : t.never}
              </dd>
            </div>
          </dl>
          <p className="admin-muted">
            {t.sitemapsHint} {format.number(data.businessesPerFile)}
          </p>
          <div className="admin-table-wrap settings-sitemap-table">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t.file}</th>
                  <th scope="col">{t.kind}</th>
                  <th scope="col" className="is-numeric">
                    {t.urlCount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.files.map((file) => (
                  <tr key={file.path} data-sitemap={file.path}>
                    <td>
                      <a href={file.path} target="_blank" rel="noreferrer">
                        {file.path}
                      </a>
                    </td>
                    <td>{t.kinds[file.kind]}</td>
                    <td className="is-numeric">{format.number(file.urls)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

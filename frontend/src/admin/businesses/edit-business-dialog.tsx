/**
 * The edit form (a dialog over the list; docs/decisions.md): GET /api/admin/businesses/{id}, the spec's
 * 27 fields but id and the two timestamps (plus state, website and status, which the directory keeps),
 * checked in the browser with react-hook-form + zod, then PATCHed with only the fields that changed. The
 * server judges the values by the importer's rules; its field errors (ApiError.fieldErrors) are shown
 * beside their fields. The browser's checks hold every rule the server has for the fields they touch
 * (name, ranges, whole numbers, both coordinates, a known country code), so a form with several mistakes
 * shows them all at once instead of the server's only after the browser's are fixed. "New slug" lets the API make one (the old
 * address then redirects).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminBusiness, BusinessPatchBody } from '../../../../common/api/admin.ts';
import { BUSINESS_STATUSES } from '../../../../common/business.ts';
import { countryCodeFrom } from '../../../../common/countries.ts';
import { ApiError } from '../../api/client.ts';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useToast } from '../components/toast.tsx';
import { useMessages } from '../i18n/language.tsx';
import { businessMessages } from './messages.ts';
import { useBusiness, useBusinessWrites } from './use-businesses.ts';

const TEXT_FIELDS = [
  'name', 'slug', 'category', 'type', 'placeId', 'fullAddress', 'street', 'city', 'postalCode', 'state', 'country', 'countryCode',
  'locatedIn', 'phone', 'website', 'url', 'reviewsLink', 'photo', 'logo',
] as const;
const NUMBER_FIELDS = ['latitude', 'longitude', 'rating', 'reviewCount'] as const;
const JSON_FIELDS = ['workingHours', 'about'] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type NumberField = (typeof NUMBER_FIELDS)[number];
type JsonField = (typeof JSON_FIELDS)[number];
type FieldName = TextField | NumberField | JsonField | 'businessStatus' | 'verified';

type Messages = ReturnType<typeof useMessages<(typeof businessMessages)['tr']>>;

/** A number field's value as toPatch sends it: null when blank, NaN when not a number. */
const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

function formSchema(t: Messages) {
  const text = z.string();
  const number = z.string().refine((value) => value.trim() === '' || Number.isFinite(numberOf(value)), { error: t.edit.invalidNumber });
  // The importer's ranges (api/src/services/import/normalise-row.ts), judged only on a number.
  const within = (low: number, high: number, error: string) =>
    number.refine((value) => {
      const parsed = numberOf(value);
      return parsed === null || !Number.isFinite(parsed) || (parsed >= low && parsed <= high);
    }, { error });
  const json = z.string().refine(
    (value) => {
      if (value.trim() === '') return true;
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    },
    { error: t.edit.invalidJson },
  );
  return z.object({
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, text])) as Record<TextField, typeof text>),
    ...(Object.fromEntries(NUMBER_FIELDS.map((name) => [name, number])) as Record<NumberField, typeof number>),
    workingHours: json,
    // Plain text is allowed too (a description): only text that looks like JSON must parse.
    about: z.string().refine((value) => !/^\s*[[{]/.test(value) || json.safeParse(value).success, { error: t.edit.invalidJson }),
    name: z.string().refine((value) => value.trim() !== '', { error: t.edit.nameRequired }),
    rating: within(0, 5, t.edit.ratingRange),
    reviewCount: number.refine((value) => {
      const parsed = numberOf(value);
      return parsed === null || !Number.isFinite(parsed) || (Number.isInteger(parsed) && parsed >= 0 && parsed <= 2_147_483_647);
    }, { error: t.edit.wholeNumber }),
    latitude: within(-90, 90, t.edit.latitudeRange),
    longitude: within(-180, 180, t.edit.longitudeRange),
    // The same reading as the server's (a code, or a country's name, as an import takes it).
    countryCode: z.string().refine((value) => value.trim() === '' || countryCodeFrom(value) !== null, { error: t.edit.countryCodeUnknown }),
    businessStatus: z.string(),
    verified: z.boolean(),
    regenerateSlug: z.boolean(),
  }).superRefine((values, context) => {
    // Both coordinates or neither (the importer's rule), said on the empty one.
    const latitude = values.latitude.trim() !== '';
    const longitude = values.longitude.trim() !== '';
    if (latitude !== longitude) context.addIssue({ code: 'custom', path: [latitude ? 'longitude' : 'latitude'], message: t.edit.coordinatesTogether });
  });
}

type FormValues = z.infer<ReturnType<typeof formSchema>>;

function toForm(business: AdminBusiness): FormValues {
  const values = {} as FormValues;
  for (const name of TEXT_FIELDS) values[name] = business[name] ?? '';
  for (const name of NUMBER_FIELDS) values[name] = business[name] === null ? '' : String(business[name]);
  values.workingHours = business.workingHours ? JSON.stringify(business.workingHours, null, 2) : '';
  values.about = business.about === null ? '' : typeof business.about === 'string' ? business.about : JSON.stringify(business.about, null, 2);
  values.businessStatus = business.businessStatus ?? '';
  values.verified = business.verified;
  values.regenerateSlug = false;
  return values;
}

/** The PATCH body: only what differs from the stored business (blank text is null). */
function toPatch(values: FormValues, business: AdminBusiness): BusinessPatchBody {
  const patch: Record<string, unknown> = {};
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  for (const name of TEXT_FIELDS) {
    if (name === 'slug' && values.regenerateSlug) continue;
    const value = values[name].trim() === '' ? null : values[name].trim();
    if (name === 'name' || name === 'slug') {
      if (value !== null && value !== business[name]) patch[name] = value;
    } else if (differs(value, business[name])) patch[name] = value;
  }
  for (const name of NUMBER_FIELDS) {
    const text = values[name].trim().replace(',', '.');
    const value = text === '' ? (name === 'reviewCount' ? 0 : null) : Number(text);
    if (differs(value, business[name])) patch[name] = value;
  }
  const hours = values.workingHours.trim() === '' ? null : JSON.parse(values.workingHours);
  if (differs(hours, business.workingHours)) patch.workingHours = hours;
  const aboutText = values.about.trim();
  const about = aboutText === '' ? null : /^[[{]/.test(aboutText) ? JSON.parse(aboutText) : aboutText;
  if (differs(about, business.about)) patch.about = about;
  const status = values.businessStatus === '' ? null : values.businessStatus;
  if (status !== business.businessStatus) patch.businessStatus = status;
  if (values.verified !== business.verified) patch.verified = values.verified;
  if (values.regenerateSlug) patch.regenerateSlug = true;
  return patch as BusinessPatchBody;
}

export function EditBusinessDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const t = useMessages(businessMessages);
  const business = useBusiness(id);
  return (
    <ModalDialog open={id !== null} title={business.data ? t.edit.title(business.data.name) : t.edit.loading} onClose={onClose} size="large" testId="edit-business-dialog">
      {business.isPending ? <Spinner label={t.edit.loading} /> : business.isError ? <LoadError error={business.error} onRetry={() => business.refetch()} /> : <EditForm key={business.data.updatedAt} business={business.data} onClose={onClose} />}
    </ModalDialog>
  );
}

function EditForm({ business, onClose }: { business: AdminBusiness; onClose(): void }) {
  const t = useMessages(businessMessages);
  const toast = useToast();
  const { edit } = useBusinessWrites();
  const schema = useMemo(() => formSchema(t), [t]);
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: toForm(business) });
  const { register, handleSubmit, formState, setError, watch, setFocus } = form;
  const regenerate = watch('regenerateSlug');
  useEffect(() => setFocus('name'), [setFocus]);

  const submit = handleSubmit(async (values) => {
    const patch = toPatch(values, business);
    if (Object.keys(patch).length === 0) {
      toast({ title: t.edit.nothingChanged, variant: 'info' });
      onClose();
      return;
    }
    try {
      const answer = await edit.mutateAsync({ id: business.id, body: patch });
      toast({ title: t.edit.saved, description: answer.published ? `/business/${answer.business.slug}` : t.toast.notPublished, variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) {
        let first: FieldName | null = null;
        for (const fieldError of error.fieldErrors) {
          const name = (fieldError.field === 'regenerateSlug' ? 'slug' : fieldError.field) as FieldName;
          if (name in values) {
            setError(name, { type: 'server', message: fieldError.message });
            first ??= name;
          }
        }
        if (first) setFocus(first);
        toast({ title: t.edit.saveFailed, description: t.edit.fixFields, variant: 'error' });
      } else {
        toast({ title: t.edit.saveFailed, description: error instanceof ApiError ? error.detail : error instanceof Error ? error.message : String(error), variant: 'error' });
      }
    }
  });

  const errorOf = (name: FieldName) => formState.errors[name]?.message as string | undefined;
  const field = (name: TextField | NumberField, extra: { inputMode?: 'decimal' | 'numeric' | 'tel' | 'url'; hint?: string; disabled?: boolean } = {}) => (
    <Field key={name} name={name} label={t.edit.fields[name]} error={errorOf(name)} hint={extra.hint}>
      {(props) => <input {...props} {...register(name)} inputMode={extra.inputMode} disabled={extra.disabled} />}
    </Field>
  );

  return (
    <form className="admin-form biz-edit-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t.edit.groups.identity}</legend>
        <div className="biz-edit-grid">
          {field('name')}
          {field('slug', { hint: t.edit.slugHint, disabled: regenerate })}
          <label className="admin-checkbox biz-edit-wide">
            <input type="checkbox" {...register('regenerateSlug')} />
            <span>{t.edit.regenerateSlug}</span>
          </label>
          {field('category')}
          {field('type')}
          {field('placeId')}
          <Field name="businessStatus" label={t.edit.fields.businessStatus} error={errorOf('businessStatus')}>
            {(props) => (
              <select {...props} {...register('businessStatus')}>
                <option value="">{t.edit.statusNone}</option>
                {BUSINESS_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="admin-checkbox">
            <input type="checkbox" {...register('verified')} />
            <span>{t.edit.fields.verified}</span>
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.edit.groups.place}</legend>
        <div className="biz-edit-grid">
          {field('fullAddress')}
          {field('street')}
          {field('city')}
          {field('postalCode')}
          {field('state')}
          {field('country')}
          {field('countryCode')}
          {field('locatedIn')}
          {field('latitude', { inputMode: 'decimal' })}
          {field('longitude', { inputMode: 'decimal' })}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.edit.groups.contact}</legend>
        <div className="biz-edit-grid">
          {field('phone', { inputMode: 'tel' })}
          {field('website', { inputMode: 'url' })}
          {field('url', { inputMode: 'url' })}
          {field('reviewsLink', { inputMode: 'url' })}
          {field('photo', { inputMode: 'url' })}
          {field('logo', { inputMode: 'url' })}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.edit.groups.figures}</legend>
        <div className="biz-edit-grid">
          {field('rating', { inputMode: 'decimal' })}
          {field('reviewCount', { inputMode: 'numeric' })}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.edit.groups.details}</legend>
        <div className="biz-edit-grid">
          {JSON_FIELDS.map((name) => (
            <Field key={name} name={name} label={t.edit.fields[name]} error={errorOf(name)} hint={t.edit.jsonHint}>
              {(props) => <textarea {...props} {...register(name)} rows={6} spellCheck={false} />}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="admin-dialog-actions">
        <button type="button" className="admin-button" onClick={onClose}>
          {t.edit.cancel}
        </button>
        <button type="submit" className="admin-button admin-button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t.edit.saving : t.edit.save}
        </button>
      </div>
    </form>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

function Field({ name, label, error, hint, children }: { name: string; label: string; error?: string; hint?: string; children(props: ControlProps): ReactNode }) {
  const id = `biz-edit-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {hint ? (
        <span className="admin-field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="admin-field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}


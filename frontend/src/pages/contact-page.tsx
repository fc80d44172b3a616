import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { contactPath, homepageQuery } from '../api/queries.ts';
import type { ContactInput } from '../../../common/api/public.ts';
import { CONTACT_MESSAGES, CONTACT_TOO_MANY, contactMessageField } from '../../../common/contact-messages.ts';
import { formatInt } from '../lib/format.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { useApi } from '../lib/use-api.ts';

/** The form's fields as typed (the honeypot is kept apart). */
type ContactMessage = { [Field in Exclude<keyof ContactInput, 'website'>]-?: string };

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '', company: '', phone: '' };
type Errors = Partial<Record<keyof ContactMessage, string>>;

/** Spec §5 rules and messages. */
export function validateContact(values: ContactMessage): Errors {
  const errors: Errors = {};
  if (values.name.trim().length < 2) errors.name = CONTACT_MESSAGES.name.min;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = CONTACT_MESSAGES.email.invalid;
  if (values.subject.trim().length < 5) errors.subject = CONTACT_MESSAGES.subject.min;
  if (values.message.trim().length < 10) errors.message = CONTACT_MESSAGES.message.min;
  return errors;
}

type Notice = { tone: 'success' | 'error'; title: string; text: string };

const SENT: Notice = { tone: 'success', title: 'Message Sent Successfully', text: "Thank you for your message. We'll get back to you within 24 hours." };

const FAILED: Notice = { tone: 'error', title: 'Error', text: 'Failed to send message. Please try again later.' };

/**
 * Without scripts the form posts to /api/contact itself, which answers with a redirect back here:
 * `?sent=1`, or an `?error=<message>` for each thing wrong. The notice the page then shows, and the
 * messages of the fields they are about. Only the form's own messages are shown: any other text in the
 * link is somebody else's words, and the page says only that sending failed.
 */
function noticeFromUrl(params: URLSearchParams): { notice: Notice | null; errors: Errors } {
  if (params.get('sent') === '1') return { notice: SENT, errors: {} };
  const messages = params.getAll('error');
  if (messages.length === 0) return { notice: null, errors: {} };
  const errors: Errors = {};
  const general: string[] = [];
  for (const message of messages) {
    const field = contactMessageField(message);
    if (field === undefined) continue;
    if (field === null) general.push(message);
    else errors[field] ??= message;
  }
  const known = [...general, ...Object.values(errors)];
  return { notice: known.length ? { tone: 'error', title: 'Error', text: known.join(' ') } : FAILED, errors };
}

export function ContactPage() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const [fromUrl] = useState(() => noticeFromUrl(searchParams));
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>(fromUrl.errors);
  const [notice, setNotice] = useState<Notice | null>(fromUrl.notice);
  const [website, setWebsite] = useState('');
  useSeo({
    title: `Contact Us | ${SITE_NAME}`,
    description: 'Contact the Business Directory team: office, phone and email support, business hours, and a message form. We reply within 24 hours.',
    canonicalPath: '/contact',
  });
  // Spec §9: F8 moves focus to the notification region.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') document.getElementById('notifications')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);
  const send = useMutation({
    mutationFn: (message: ContactInput) => api.post(contactPath, message),
    onSuccess: () => {
      setValues(EMPTY);
      setNotice(SENT);
    },
    // Sending too often is not "try again later" in general: say that the limit was reached (the no-script
    // form says the same, from the same message).
    onError: (error) => setNotice((error as { status?: number }).status === 429 ? { tone: 'error', title: 'Error', text: CONTACT_TOO_MANY } : FAILED),
  });
  const change = (field: keyof ContactMessage) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'subject', 'message'] as const).find((name) => found[name]);
    if (firstInvalid) {
      // Where to fix it: the first field in error gets the focus (its message is its description).
      document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    send.mutate({ ...values, name: values.name.trim(), email: values.email.trim(), ...(website ? { website } : {}) });
  };
  // Without scripts the browser checks the rules (required, minimum lengths, an email address) before the
  // form is posted, so a refusal by the server, which brings back an empty form, is rare; with them the
  // page checks and shows the spec's messages itself.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  const field = (name: keyof ContactMessage, label: string, options: { type?: string; required?: boolean; textarea?: boolean; autoComplete?: string; minLength?: number } = {}) => (
    <div className="field">
      <label htmlFor={`contact-${name}`}>
        {label}
        {options.required && <span aria-hidden="true"> *</span>}
      </label>
      {options.textarea ? (
        <textarea id={`contact-${name}`} name={name} rows={6} value={values[name]} onChange={change(name)} aria-required={options.required} required={options.required} minLength={options.minLength}
          aria-invalid={Boolean(errors[name])} aria-describedby={errors[name] ? `contact-${name}-error` : undefined} />
      ) : (
        <input id={`contact-${name}`} name={name} type={options.type ?? 'text'} value={values[name]} onChange={change(name)} aria-required={options.required} required={options.required} minLength={options.minLength}
          autoComplete={options.autoComplete} aria-invalid={Boolean(errors[name])} aria-describedby={errors[name] ? `contact-${name}-error` : undefined} />
      )}
      {errors[name] && (
        <p className="field-error" id={`contact-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <div className="container section">
      <header className="page-header">
        <h1>Contact Us</h1>
        <p className="muted">Questions about a listing, advertising or partnerships? We are here to help.</p>
      </header>
      <div className="contact-cards">
        <div className="card"><h2>Office Location</h2><p>Business Directory Ltd.<br />100 Market Street, Suite 400<br />San Francisco, CA 94105, USA</p></div>
        <div className="card"><h2>Phone Support</h2><p><a href="tel:+18005550199">+1 (800) 555-0199</a></p><p className="muted small">Mon-Fri, 9:00 AM - 6:00 PM EST</p></div>
        <div className="card"><h2>Email Support</h2><p><a href="mailto:support@businessdirectory.example">support@businessdirectory.example</a></p><p className="muted small">We reply within 24 hours</p></div>
        <div className="card"><h2>Business Hours</h2><p>Monday - Friday: 9:00 AM - 6:00 PM EST<br />Saturday: 10:00 AM - 4:00 PM EST<br />Sunday: Closed</p></div>
      </div>
      <div className="contact-layout">
        <section className="card" aria-labelledby="stats-heading">
          <h2 id="stats-heading">Platform Statistics</h2>
          <PlatformStatistics />
        </section>
        <section className="card" aria-labelledby="form-heading">
          <h2 id="form-heading">Send us a Message</h2>
          <p className="muted">Fill in the form and we will get back to you within 24 hours.</p>
          {/* method and action: without scripts the browser posts the form, and the answer brings it back here. */}
          <form ref={formRef} onSubmit={submit} aria-labelledby="form-heading" method="post" action={contactPath}>
            <div className="form-grid">
              {field('name', 'Name', { required: true, autoComplete: 'name', minLength: 2 })}
              {field('email', 'Email', { type: 'email', required: true, autoComplete: 'email' })}
              {field('company', 'Company', { autoComplete: 'organization' })}
              {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            </div>
            {field('subject', 'Subject', { required: true, minLength: 5 })}
            {field('message', 'Message', { required: true, textarea: true, minLength: 10 })}
            {/* A honeypot for bots that fill every field: people never see or reach it; the API drops a message that has it. */}
            <div className="honeypot" aria-hidden="true">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
            </div>
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Message'}
            </button>
          </form>
        </section>
      </div>
      <div className="toast-region" id="notifications" tabIndex={-1} role="region" aria-label="Notifications (F8)" aria-live="polite">
        {notice && (
          <div className={`toast toast-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
            <strong>{notice.title}</strong>
            <p>{notice.text}</p>
            {/* A link, so it closes the notice without scripts too (the page again, without the notice's query). */}
            <a
              href="/contact"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={(event) => {
                event.preventDefault();
                setNotice(null);
              }}
            >
              ×
            </a>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The spec's statistics box, with the directory's own figures (the spec's fixed '564,000+ listed
 * businesses' would be a number the site does not have): the same totals as the home counters.
 */
function PlatformStatistics() {
  const api = useApi();
  const totals = useQuery(homepageQuery(api)).data?.totals;
  if (!totals) return <p className="muted">Figures are not available right now.</p>;
  const rows: [string, number][] = [
    ['Listed Businesses', totals.businesses],
    ['Countries', totals.countries],
    ['Cities', totals.cities],
    ['Categories', totals.categories],
  ];
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
            <dd>{formatInt(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

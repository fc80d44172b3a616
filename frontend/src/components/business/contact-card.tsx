import { phoneNumbers, telHref } from '../../../../common/numbers.ts';

/** Contact Information: each phone number its own link, and the website when the import gave one. */
export function ContactCard({ phone, website }: { phone: string | null; website: string | null }) {
  return (
    <section className="card" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact Information</h2>
      {phone ? (
        // A cell of several numbers: each on its line, each its own link.
        phoneNumbers(phone).map((number) => {
          const href = telHref(number);
          return <p key={number}>{href ? <a href={href}>{number}</a> : number}</p>;
        })
      ) : (
        <p className="muted">No phone number listed</p>
      )}
      {website && (
        <p>
          <a href={website} target="_blank" rel="noopener noreferrer nofollow">
            Website
          </a>
        </p>
      )}
    </section>
  );
}

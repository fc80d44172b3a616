import { LegalPage, Section } from './legal-page.tsx';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy" path="/privacy-policy" description="How Business Directory collects, uses, shares and protects personal information, and the rights you have over it.">
      <Section title="Introduction">
        <p>Business Directory ("we", "us") operates a public directory of businesses worldwide. This Privacy Policy explains what personal information we collect when you use our website, why we collect it, and the choices you have. By using the website you acknowledge the practices described here.</p>
      </Section>
      <Section title="Information We Collect">
        <ul>
          <li><strong>Information you give us:</strong> your name, email address, company, phone number, subject and message when you use the contact form.</li>
          <li><strong>Usage information:</strong> pages visited, search terms, referring pages, browser type, device type and approximate location derived from your IP address.</li>
          <li><strong>Cookies and similar technologies:</strong> described in our Cookie Policy.</li>
          <li><strong>Business listing data:</strong> publicly available information about businesses, such as names, addresses, phone numbers, opening hours and ratings.</li>
        </ul>
      </Section>
      <Section title="How We Use Your Information">
        <ul>
          <li>To operate, maintain and improve the directory and its search.</li>
          <li>To answer your messages and support requests, usually within 24 hours.</li>
          <li>To measure traffic and understand which features are useful.</li>
          <li>To show advertising that keeps the directory free to use.</li>
          <li>To detect, prevent and address fraud, abuse and security problems, and to comply with the law.</li>
        </ul>
      </Section>
      <Section title="Information Sharing and Disclosure">
        <p>We do not sell your personal information. We share it only with service providers who host, analyse or secure the website on our behalf under written contracts; with authorities when the law requires it; to protect our rights, users and the public; and with a successor in case of a merger or acquisition, who remains bound by this policy.</p>
      </Section>
      <Section title="Data Security">
        <p>We protect information with encryption in transit (HTTPS), access controls, least-privilege administration, logging of administrative actions and regular updates. No method of transmission or storage is completely secure, but we work to protect your information and will notify you and the authorities of a breach where the law requires it.</p>
      </Section>
      <Section title="Your Rights and Choices">
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li><strong>Access</strong> the personal information we hold about you;</li>
          <li><strong>Correction</strong> of inaccurate or incomplete information;</li>
          <li><strong>Deletion</strong> of your information when we no longer need it;</li>
          <li><strong>Portability</strong>: a copy in a structured, machine-readable format;</li>
          <li><strong>Objection</strong> to processing based on our legitimate interests, including direct marketing;</li>
          <li><strong>Restriction</strong> of processing while a request is examined;</li>
          <li><strong>Withdrawal</strong> of consent at any time, without affecting earlier processing.</li>
        </ul>
        <p>To exercise a right, write to us using the details below. We answer within 30 days.</p>
      </Section>
      <Section title="International Data Transfers">
        <p>Our servers and providers may be located outside your country. When we transfer personal information from the European Economic Area, the United Kingdom or Switzerland, we rely on adequacy decisions or the European Commission's Standard Contractual Clauses.</p>
      </Section>
      <Section title="Data Retention">
        <p>Contact messages are kept for up to 24 months, analytics data for up to 24 months, and server logs for up to 90 days, unless a longer period is required by law or to settle disputes.</p>
      </Section>
      <Section title="Contact Information">
        <p>Business Directory Ltd., Privacy Team, 100 Market Street, Suite 400, San Francisco, CA 94105, USA. Email: privacy@businessdirectory.example. You may also complain to your local data protection authority.</p>
      </Section>
    </LegalPage>
  );
}

import { LegalPage, Section } from './legal-page.tsx';

export function CookiePolicyPage() {
  return (
    <LegalPage title="Cookie Policy" path="/cookie-policy" description="Which cookies Business Directory uses, how long they are kept, and how to manage your preferences.">
      <Section title="What Are Cookies">
        <p>Cookies are small text files stored by your browser. They let a website remember your actions and preferences and help us understand how the website is used.</p>
      </Section>
      <Section title="Types of Cookies We Use">
        <ul>
          <li><strong>Essential cookies</strong> make the website work, for example security and administrator sessions. They cannot be switched off.</li>
          <li><strong>Analytics cookies</strong> count visits and show which pages and searches are popular, so we can improve the directory.</li>
          <li><strong>Marketing cookies</strong> are set by advertising partners to show relevant advertisements and to measure campaigns.</li>
          <li><strong>Preference cookies</strong> remember choices such as view mode and language.</li>
        </ul>
      </Section>
      <Section title="Cookie Retention">
        <ul>
          <li>Preference cookies: 1 year</li>
          <li>Analytics cookies: 24 months</li>
          <li>Marketing cookies: 90 days</li>
          <li>Authentication cookies: 30 days</li>
        </ul>
      </Section>
      <Section title="Managing Your Preferences">
        <p>You can accept or refuse non-essential cookies, and delete cookies at any time in your browser settings. Refusing cookies may make parts of the website work less well.</p>
      </Section>
      <Section title="Third-Party Partners">
        <p>Our analytics and advertising partners may set their own cookies. Advertisements are shown in isolated frames, and partners' handling of data is governed by their own privacy policies.</p>
      </Section>
      <Section title="International Compliance">
        <p>We follow the EU ePrivacy Directive and GDPR, the UK GDPR and the California Consumer Privacy Act: non-essential cookies are used only with your consent where the law requires it.</p>
      </Section>
      <Section title="Contact">
        <p>Questions about cookies: privacy@businessdirectory.example, Business Directory Ltd., 100 Market Street, Suite 400, San Francisco, CA 94105, USA.</p>
      </Section>
    </LegalPage>
  );
}

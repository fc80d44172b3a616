import { LegalPage, Section } from './legal-page.tsx';

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service" path="/terms-of-service" description="The terms that govern the use of Business Directory: accounts, content rules, liability, termination and disputes.">
      <Section title="1. Agreement to Terms">
        <p>By accessing or using Business Directory you agree to these Terms of Service (AGB). If you do not agree, do not use the website.</p>
      </Section>
      <Section title="2. Our Services">
        <p>We provide a searchable directory of businesses worldwide with contact details, opening hours, ratings and maps. We aim for 99.9% uptime and page responses in under 2 seconds, and we review listing data to keep it at 95%+ accuracy. Our team moderates about 10,000 submissions every week.</p>
      </Section>
      <Section title="3. Accounts">
        <p>Business owners who list their company must give accurate information, keep their credentials confidential and tell us promptly about unauthorised use of their account.</p>
      </Section>
      <Section title="4. Content Rules">
        <p>You must not submit content that is false, misleading, defamatory, infringing, unlawful, or that contains malware or spam. We may edit or remove content that breaks these rules.</p>
      </Section>
      <Section title="5. Intellectual Property">
        <p>The website and its compilation of data are our property or licensed to us. Content you submit remains yours, and you grant us a worldwide, non-exclusive licence to publish it in the directory.</p>
      </Section>
      <Section title="6. Privacy">
        <p>Our Privacy Policy and Cookie Policy describe how we handle personal information and form part of these terms.</p>
      </Section>
      <Section title="7. Limitation of Liability">
        <p>The directory is provided "as is". To the extent permitted by law we are not liable for indirect or consequential losses, or for decisions made on the basis of listing information, which you should confirm with the business.</p>
      </Section>
      <Section title="8. Termination">
        <p>If you break these terms we may act in steps: (1) a warning; (2) temporary suspension of your account or listing; (3) a review of the case, in which you may respond; (4) permanent termination.</p>
      </Section>
      <Section title="9. Governing Law">
        <p>These terms are governed by the laws of the State of California, USA, subject to mandatory consumer protection laws of your country.</p>
      </Section>
      <Section title="10. Dispute Process">
        <ol>
          <li><strong>Direct contact:</strong> write to our support team; 95% of disputes are resolved at this step.</li>
          <li><strong>Mediation:</strong> a neutral mediator helps both parties; 85% of the remaining disputes are resolved here.</li>
          <li><strong>Binding arbitration:</strong> final and binding under the rules of the American Arbitration Association.</li>
        </ol>
        <p>We acknowledge every dispute and propose a solution within 7 business days.</p>
      </Section>
      <Section title="11. Changes to These Terms">
        <p>We will give at least 30 days' notice of material changes by email or on the website. Continued use after the changes take effect means you accept them.</p>
      </Section>
      <Section title="12. Contact">
        <p>Email: support@businessdirectory.example, phone +1 (800) 555-0199. Support replies within 24 hours. Business hours: Monday to Friday 9:00 AM - 6:00 PM EST, Saturday 10:00 AM - 4:00 PM EST, Sunday closed.</p>
      </Section>
    </LegalPage>
  );
}

import { LegalPage, Section } from './legal-page.tsx';

export function LegalNoticePage() {
  return (
    <LegalPage title="Legal Notice" path="/legal-notice" description="Company information, legal status, responsibility, liability insurance, intellectual property and dispute resolution of Business Directory.">
      <Section title="Company Information">
        <p>Business Directory Ltd., 100 Market Street, Suite 400, San Francisco, CA 94105, USA. Phone: +1 (800) 555-0199. Email: legal@businessdirectory.example.</p>
        <p>Our audience is international: about 45% of our traffic comes from the United States, 30% from the European Union, 20% from the Asia-Pacific region and 5% from other regions.</p>
      </Section>
      <Section title="Registration and Legal Status">
        <p>Business Directory Ltd. is a private limited company registered in the State of Delaware, USA, under registration number 7654321, with tax identification number US-98-7654321. Our EU representative can be reached at eu-rep@businessdirectory.example.</p>
      </Section>
      <Section title="Management and Responsibility">
        <p>The company is managed by its Board of Directors. The Chief Executive Officer is responsible for the content of this website under applicable media laws. Listing data comes from public sources and business owners; we moderate it but cannot guarantee its completeness.</p>
      </Section>
      <Section title="Professional Liability Insurance">
        <p>We hold professional liability insurance with worldwide coverage, including coverage for errors and omissions in published information, with a coverage limit of USD 5,000,000 per claim.</p>
      </Section>
      <Section title="Intellectual Property">
        <p>The design, text, graphics, software and compilation of this website are protected by copyright and database rights. Business names and trademarks belong to their owners. You may view and share individual pages for personal, non-commercial use; systematic extraction of the directory requires our written permission.</p>
      </Section>
      <Section title="Dispute Resolution">
        <ol>
          <li><strong>Direct resolution with customer service:</strong> contact us first; we answer within 24 hours and aim to resolve the matter within 7 business days.</li>
          <li><strong>Mediation:</strong> if that fails, either party may propose mediation by a neutral mediator.</li>
          <li><strong>Binding arbitration:</strong> unresolved disputes go to binding arbitration under the rules of the American Arbitration Association.</li>
          <li><strong>Court action:</strong> only where arbitration is not permitted by law, or for urgent injunctive relief.</li>
        </ol>
        <p>Consumers in the EU may also use the European Commission's online dispute resolution platform.</p>
      </Section>
      <Section title="Governing Law and Jurisdiction">
        <p>This notice and the use of the website are governed by the laws of the State of California, USA, without regard to conflict-of-law rules. Mandatory consumer protections of your country of residence remain unaffected.</p>
      </Section>
      <Section title="Compliance and Certifications">
        <p>We follow the EU General Data Protection Regulation, the California Consumer Privacy Act and the ePrivacy rules on cookies, and we aim to meet the Web Content Accessibility Guidelines 2.1 at level AA.</p>
      </Section>
      <Section title="Legal Contact">
        <p>Legal Department, Business Directory Ltd., 100 Market Street, Suite 400, San Francisco, CA 94105, USA. Email: legal@businessdirectory.example. Office hours: Monday to Friday 9:00 AM - 6:00 PM EST, Saturday 10:00 AM - 2:00 PM EST.</p>
      </Section>
    </LegalPage>
  );
}

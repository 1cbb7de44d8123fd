import { SUPPORT_EMAIL } from '../../../lib/site';
import { A, P, UL } from './prose';
import { type ResourceDoc } from './types';

export const terms: ResourceDoc = {
  slug: 'terms',
  kicker: 'Terms of Service',
  title: 'Terms of Service',
  updated: 'November 2026',
  intro: (
    <P>
      These terms govern your use of SeniorScope. By using the site you agree to them. If you do not agree, please do not use the service. Our{' '}
      <A href="/privacy">Privacy Policy</A> explains how we handle your information.
    </P>
  ),
  sections: [
    {
      id: 'service',
      heading: 'The service',
      body: (
        <P>
          SeniorScope provides a directory of senior living communities for families, and market-intelligence tools about communities, operators,
          pricing and reviews for professionals. We may change, add or remove features over time.
        </P>
      ),
    },
    {
      id: 'information',
      heading: 'Information on the site',
      body: (
        <>
          <P>
            Unless public records have been imported, the communities, operators, prices, ratings and reviews on the site are generated demo
            data: they are fictional, marked &quot;Demo data&quot;, and must not be relied on. Imported public records (CMS nursing home files and
            state licensing lists) show their agency and the date of the file they come from; they can be incomplete or out of date. Always
            confirm prices, availability, licensing and services directly with the community before you decide.
          </P>
          <P>
            SeniorScope does not provide medical, legal or financial advice, and does not recommend or endorse any community. Care advisors help
            you gather information; the choice of community is yours.
          </P>
        </>
      ),
    },
    {
      id: 'accounts',
      heading: 'Accounts',
      body: (
        <UL>
          <li>Give accurate information and keep your password private; you are responsible for activity on your account.</li>
          <li>Tell us straight away at {SUPPORT_EMAIL} if you think your account has been used without your permission.</li>
          <li>We may suspend accounts that break these terms.</li>
        </UL>
      ),
    },
    {
      id: 'plans',
      heading: 'Plans, trials and cancellation',
      body: (
        <UL>
          <li>The Basic plan is free. The Professional plan costs $49 per month, billed monthly in advance.</li>
          <li>The 14-day free trial gives full access and needs no credit card. When it ends, your account returns to Basic unless you subscribe.</li>
          <li>You can cancel at any time with no cancellation fee; access continues until the end of the paid month.</li>
          <li>We will tell you at least 30 days before any price change takes effect.</li>
        </UL>
      ),
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      body: (
        <>
          <P>You agree not to:</P>
          <UL>
            <li>Copy, scrape or resell the data in bulk, except through the export features of your plan for your own business use.</li>
            <li>Try to access data or accounts you are not authorized to see, or interfere with the security or operation of the service.</li>
            <li>Submit false information requests or reviews, or use contact details to send spam.</li>
            <li>Use the service in a way that breaks the law, including privacy and anti-spam laws.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'ip',
      heading: 'Intellectual property',
      body: (
        <P>
          The site, its design and our compilation of data belong to SeniorScope. Reviews remain the work of their authors. You may use what you
          see for personal use or, with a Professional plan, for your internal business purposes.
        </P>
      ),
    },
    {
      id: 'liability',
      heading: 'Disclaimers and limitation of liability',
      body: (
        <P>
          The service is provided &quot;as is&quot;. To the extent the law allows, SeniorScope is not liable for indirect or consequential losses,
          or for decisions made using information from the site, and our total liability is limited to the amount you paid us in the twelve
          months before the claim. Nothing in these terms limits rights you have under consumer protection law.
        </P>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      body: (
        <P>
          We may update these terms; the date at the top shows the latest version, and we will tell signed-in users about significant changes.
          Questions? Write to <A href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</A>.
        </P>
      ),
    },
  ],
};

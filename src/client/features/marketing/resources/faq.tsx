import { FaqList } from '../components/faq-list';
import { A, P } from './prose';
import { type ResourceDoc } from './types';

export const faq: ResourceDoc = {
  slug: 'faq',
  kicker: 'FAQ',
  title: 'Frequently asked questions',
  intro: <P>Answers to the questions families and professionals ask us most. Cannot find yours? Our support team is happy to help.</P>,
  sections: [
    {
      id: 'families',
      heading: 'For families',
      body: (
        <FaqList
          items={[
            {
              q: 'Is SeniorScope free for families?',
              a: <P>Yes. Searching communities, reading reviews, comparing prices, saving favorites and requesting information are all free.</P>,
            },
            {
              q: 'What is the difference between assisted living and a nursing home?',
              a: (
                <P>
                  Assisted living offers housing, meals and help with daily activities such as bathing, dressing and medications, with staff on
                  site around the clock. A nursing home (skilled nursing) adds 24-hour care from licensed nurses for people with complex medical
                  needs or recovering from a hospital stay. Our <A href="/resources/care-planning">care planning guide</A> compares all four levels.
                </P>
              ),
            },
            {
              q: 'Does Medicare pay for assisted living?',
              a: (
                <P>
                  No. Medicare does not cover long-term custodial care or room and board in assisted living. It covers up to 100 days of skilled
                  nursing after a qualifying hospital stay. Medicaid, long-term care insurance and VA benefits may help; see{' '}
                  <A href="/resources/financing">Paying for care</A>.
                </P>
              ),
            },
            {
              q: 'What happens after I request information about a community?',
              a: (
                <P>
                  Your request goes to our care advisors, and a care advisor will contact you within 24 hours to answer questions, confirm
                  pricing and availability, and help arrange a visit. There is no charge and no obligation.
                </P>
              ),
            },
            {
              q: 'Are the prices on SeniorScope exact?',
              a: (
                <P>
                  No. The prices in the demo dataset are generated and fictional, and the public records we can import (CMS and state
                  licensing lists) carry no prices. A community&apos;s actual rate depends on the apartment and the level of care, so always
                  ask the community for its current price.
                </P>
              ),
            },
            {
              q: 'How are ratings calculated?',
              a: (
                <P>
                  A community&apos;s rating is the average star rating of the reviews we hold for it, shown with the number of reviews it is based
                  on. The reviews of the demo dataset are fictional and read &quot;via Demo&quot;, so their ratings are fictional too.
                </P>
              ),
            },
            {
              q: 'What does "Verified" on a review mean?',
              a: (
                <P>
                  One thing only: the review was written on this site by a signed-in user whose information request or saved favorite shows a
                  relationship to the community. Demo reviews are never verified.
                </P>
              ),
            },
            {
              q: 'How do I save communities to compare later?',
              a: (
                <P>
                  Sign in and select the heart on any community. Your saved communities appear under <A href="/saved">Saved</A> in the menu.
                </P>
              ),
            },
          ]}
        />
      ),
    },
    {
      id: 'professionals',
      heading: 'For professionals',
      body: (
        <FaqList
          items={[
            {
              q: 'What do I get with the Professional plan?',
              a: (
                <P>
                  Full access to community insights, 7,000+ operator profiles, pricing analytics, sentiment analysis and CSV export, for $49 per
                  month. See <A href="/pricing">plans and pricing</A>.
                </P>
              ),
            },
            {
              q: 'Is there a free trial?',
              a: <P>Yes: 14 days with full access, and no credit card needed. You can cancel at any time with no fees.</P>,
            },
            {
              q: 'Where does the data come from?',
              a: (
                <P>
                  Unless public records have been imported, the site shows generated demo data: its communities, operators, prices and reviews
                  are fictional, and every such record carries a &quot;Demo data&quot; badge. Imported public records (the CMS nursing home files,
                  state licensing lists such as Florida AHCA and Texas HHSC) show &quot;Source: agency, as of date&quot;. No data is taken from
                  review platforms, real estate data or operator websites.
                </P>
              ),
            },
            {
              q: 'How is review sentiment measured?',
              a: (
                <P>
                  Each review&apos;s text is scored from 0 (very negative) to 1 (very positive) by a language model of positive and negative
                  wording. Scores above 0.6 count as positive, 0.4 to 0.6 as neutral and below 0.4 as negative.
                </P>
              ),
            },
          ]}
        />
      ),
    },
  ],
};

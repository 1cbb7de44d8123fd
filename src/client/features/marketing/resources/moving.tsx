import { H3, Note, P, UL } from './prose';
import { type ResourceDoc } from './types';

export const moving: ResourceDoc = {
  slug: 'moving',
  kicker: 'Moving Checklist',
  title: 'A calm move into senior living',
  intro: (
    <P>
      Moving out of a long-time home is a big change, and often an emotional one. Breaking the work into steps, starting early and keeping
      your loved one in charge of the decisions that matter to them makes the move easier for everyone. Print this checklist and tick things
      off as you go.
    </P>
  ),
  sections: [
    {
      id: 'eight-weeks',
      heading: 'Six to eight weeks before',
      body: (
        <UL>
          <li>Confirm the move-in date, the apartment and the monthly rate in writing; read the residency agreement in full.</li>
          <li>Ask for a floor plan with measurements, and what furniture the community provides.</li>
          <li>Book the required health assessment and ask the doctor for any forms the community needs (TB test, medication orders).</li>
          <li>Get quotes from movers; ask for senior move managers, who specialize in downsizing and unpacking.</li>
          <li>Start sorting one room at a time: keep, give to family, donate, sell, discard.</li>
        </UL>
      ),
    },
    {
      id: 'four-weeks',
      heading: 'Three to four weeks before',
      body: (
        <>
          <UL>
            <li>Measure the furniture you want to keep and plan where it will go; fewer, familiar pieces beat a crowded room.</li>
            <li>Set up mail forwarding with USPS and update the address with Social Security, Medicare, banks, pensions and insurers.</li>
            <li>Transfer prescriptions to the pharmacy the community works with, and arrange medical records for new doctors if needed.</li>
            <li>Schedule the disconnection of utilities, phone, internet and newspapers at the old home.</li>
            <li>Arrange for family members to claim their items, and schedule donation pickups.</li>
          </UL>
          <Note>Downsizing is easier when stories are shared: photograph treasured items that will not make the move, and keep the photos in an album.</Note>
        </>
      ),
    },
    {
      id: 'one-week',
      heading: 'The week before',
      body: (
        <UL>
          <li>Pack a first-week bag: clothes, toiletries, a week of medications, glasses, hearing aids and chargers, important phone numbers.</li>
          <li>Label every box with its room and contents; keep documents and valuables with you, not in the truck.</li>
          <li>Confirm the moving time with the community and reserve the elevator or loading area if needed.</li>
          <li>Make copies of the power of attorney, health care proxy and insurance cards for the community&apos;s file.</li>
        </UL>
      ),
    },
    {
      id: 'moving-day',
      heading: 'Moving day',
      body: (
        <>
          <P>
            If possible, have a family member take your loved one out for the day, or spend it with them at the community, while others handle
            the movers. Set up the bedroom first: make the bed, hang familiar pictures and put the favorite chair by the window, so the new place
            feels like home by evening.
          </P>
          <UL>
            <li>Walk through the old home before the movers leave: closets, cabinets, garage, attic.</li>
            <li>Hand the medication list and the first-week bag to the care team.</li>
            <li>Introduce yourselves to the staff who will work the first few shifts.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'settling-in',
      heading: 'The first weeks',
      body: (
        <>
          <H3>Give it time</H3>
          <P>
            Most new residents need four to six weeks to settle. Visit and call often at first, but also leave room for new routines: meals in
            the dining room and a couple of activities each week help friendships form.
          </P>
          <H3>Stay in touch with the care team</H3>
          <UL>
            <li>Ask for a care plan meeting after the first 30 days to review how things are going.</li>
            <li>Tell staff about habits and preferences: the time they like to wake up, how they take their coffee, the names of grandchildren.</li>
            <li>Raise concerns early and calmly; most can be solved with a small change.</li>
          </UL>
        </>
      ),
    },
  ],
};

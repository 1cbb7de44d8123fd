import { A, H3, Note, P, UL } from './prose';
import { type ResourceDoc } from './types';

export const carePlanning: ResourceDoc = {
  slug: 'care-planning',
  kicker: 'Care Planning Guide',
  title: 'Choosing the right level of senior care',
  intro: (
    <P>
      Most families start this search in a hurry, after a fall, a hospital stay or a worrying phone call. This guide explains the four main
      levels of senior living, the signs that point to each, and how to compare communities so you can decide with confidence.
    </P>
  ),
  sections: [
    {
      id: 'levels',
      heading: 'The four levels of care',
      body: (
        <>
          <H3>Independent Living</H3>
          <P>
            For older adults who manage daily life on their own but want less upkeep and more company. Residents live in private apartments or
            cottages; the community handles maintenance, and usually offers meals, housekeeping, transportation and a full activity calendar.
            Personal care is not included, though many residents bring in home-care aides if needed.
          </P>
          <H3>Assisted Living</H3>
          <P>
            For people who need help with some activities of daily living (bathing, dressing, grooming, toileting, moving around) or with
            medications, but do not need round-the-clock nursing. Staff are on site 24 hours a day; care is planned from an assessment and
            adjusted as needs change. Assisted living is licensed by each state, so rules and names vary (personal care home, residential care).
          </P>
          <H3>Memory Care</H3>
          <P>
            For people living with Alzheimer&apos;s disease or another dementia. Memory care neighborhoods are secured to prevent wandering, and
            staff receive specific dementia training. Days follow a calm, structured routine with activities designed for memory loss. It can be
            a separate building or a wing of an assisted living community.
          </P>
          <H3>Skilled Nursing</H3>
          <P>
            Nursing homes provide 24-hour care from licensed nurses, for people with complex medical needs or after a hospital stay
            (rehabilitation). They are licensed by the state and, when they take Medicare or Medicaid, inspected against federal standards.
          </P>
          <P>
            Browse by level: <A href="/search?careType=independent">Independent Living</A>, <A href="/search?careType=assisted">Assisted Living</A>,{' '}
            <A href="/search?careType=memory">Memory Care</A>, <A href="/search?careType=skilled">Skilled Nursing</A>.
          </P>
        </>
      ),
    },
    {
      id: 'signs',
      heading: 'Signs it may be time for more support',
      body: (
        <>
          <UL>
            <li>Falls, near-falls or new difficulty with stairs and getting up from a chair.</li>
            <li>Missed or doubled medications, or unopened prescriptions.</li>
            <li>Weight loss, an empty or spoiled refrigerator, skipped meals.</li>
            <li>Unpaid bills, unopened mail, scams or unusual spending.</li>
            <li>Less interest in friends and activities; long days alone.</li>
            <li>Getting lost on familiar routes, repeating questions, leaving the stove on.</li>
            <li>A caregiving spouse or child who is exhausted or whose own health is slipping.</li>
          </UL>
          <Note>
            If you are unsure, ask your loved one&apos;s doctor for a functional or cognitive assessment. Many communities also assess new
            residents free of charge before move-in, which helps match the level of care to real needs.
          </Note>
        </>
      ),
    },
    {
      id: 'costs',
      heading: 'What it typically costs',
      body: (
        <>
          <P>
            Prices are monthly and vary widely by state and city: the most expensive states cost well over half again as much as the least
            expensive. National medians from the Genworth Cost of Care Survey (2023) give a starting point:
          </P>
          <UL>
            <li>Assisted living: about $5,350 a month.</li>
            <li>Nursing home: about $8,670 a month for a semi-private room and $9,730 for a private room.</li>
            <li>Memory care: usually 20–30% more than assisted living in the same area.</li>
            <li>Independent living: usually well below assisted living, since personal care is not included.</li>
          </UL>
          <P>
            Always ask what the base rate includes. Many communities add fees for higher care levels, medication management, a second occupant
            or a one-time community fee. See <A href="/resources/financing">Paying for care</A> for ways to fund it.
          </P>
        </>
      ),
    },
    {
      id: 'choosing',
      heading: 'How to compare communities',
      body: (
        <>
          <H3>Before you visit</H3>
          <UL>
            <li>Write down needs today and likely needs in two years: mobility, memory, medications, diet.</li>
            <li>Agree a monthly budget and how long it must last.</li>
            <li>Shortlist three to five communities near the people who will visit most often.</li>
            <li>Read recent reviews, and check the state licensing agency for inspection reports and complaints.</li>
          </UL>
          <H3>Questions to ask on a tour</H3>
          <UL>
            <li>How many caregivers are on duty during the day, and at night? How long have they worked here?</li>
            <li>What happens if care needs increase? At what point would my loved one have to move?</li>
            <li>How are medications managed, and who is the nurse on call?</li>
            <li>What exactly is included in the monthly rate, and how much have rates risen in each of the last three years?</li>
            <li>Can we see a sample menu and the activity calendar, and join a meal?</li>
            <li>What is the notice period for leaving, and is any deposit or fee refundable?</li>
          </UL>
          <H3>What to look for</H3>
          <UL>
            <li>Residents who are engaged and well groomed, and staff who greet them by name.</li>
            <li>Clean, odor-free common areas, good lighting, handrails and easy-to-reach call buttons.</li>
            <li>An unhurried answer to every question, and a written contract you can take home to read.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'involve',
      heading: 'Involving your loved one',
      body: (
        <>
          <P>
            A move goes best when the person moving feels it is their decision. Start the conversation early and more than once, lead with what
            they would gain (company, safety, no more chores) rather than what they are losing, and bring them on tours.
          </P>
          <P>
            Put paperwork in order while everyone is well: a durable power of attorney, a health care proxy and an up-to-date list of
            medications and doctors. When you are ready, <A href="/search">search communities</A> and request information: a care advisor will
            contact you within 24 hours.
          </P>
        </>
      ),
    },
  ],
};

import { A, H3, Note, P, UL } from './prose';
import { type ResourceDoc } from './types';

export const financing: ResourceDoc = {
  slug: 'financing',
  kicker: 'Financing Options',
  title: 'Paying for senior living',
  intro: (
    <P>
      Most families pay for senior living from a mix of sources: income, savings, the family home, insurance and public benefits. This page
      explains each option, what it covers and what it does not, so you can plan how long your budget will last. Rules change and differ by
      state; confirm the details with the program or a qualified elder-law attorney or financial advisor before you decide.
    </P>
  ),
  sections: [
    {
      id: 'private-pay',
      heading: 'Private pay: income, savings and the home',
      body: (
        <>
          <P>
            Assisted living, memory care and independent living are mostly paid privately. Add up monthly income (Social Security, pensions,
            annuities, investment income) and compare it with the monthly rate; the gap is what savings must cover. Dividing savings by the gap
            tells you roughly how many months the money lasts.
          </P>
          <P>
            Selling the family home is the largest source of funds for many families. Renting it out is an alternative that keeps the property
            but makes its owner a landlord. Talk to a tax advisor about capital gains: a married couple can usually exclude up to $500,000 of gain
            on a primary residence ($250,000 for a single person) if they meet the ownership and use tests.
          </P>
        </>
      ),
    },
    {
      id: 'medicare-medicaid',
      heading: 'Medicare vs Medicaid',
      body: (
        <>
          <H3>Medicare</H3>
          <P>
            Medicare is federal health insurance for people 65 and over. It does not pay for long-term custodial care: room, board and help
            with daily activities in assisted living or a nursing home are not covered. What it does cover is short-term skilled care: after a
            qualifying inpatient hospital stay of at least three days, Medicare Part A pays for up to 100 days in a skilled nursing facility per
            benefit period: the first 20 days in full, and days 21 to 100 with a daily coinsurance. It also covers doctor visits, therapy and
            prescriptions (Part D) wherever the person lives.
          </P>
          <H3>Medicaid</H3>
          <P>
            Medicaid is the joint federal and state program for people with limited income and assets, and it is the largest payer of nursing
            home care in the country. To qualify, a person must meet both a medical need standard and financial limits set by the state. Most
            states also run home- and community-based services (HCBS) waivers that pay for care services in assisted living, though usually not
            for room and board, and often with waiting lists.
          </P>
          <Note>
            Medicaid looks back five years at gifts and transfers of assets. Giving money or property away to qualify sooner can delay coverage.
            Plan with an elder-law attorney, ideally well before care is needed.
          </Note>
        </>
      ),
    },
    {
      id: 'ltc-insurance',
      heading: 'Long-term care insurance',
      body: (
        <>
          <P>
            A long-term care policy pays a daily or monthly benefit once the insured person cannot perform two of the six activities of daily
            living (bathing, dressing, eating, toileting, continence, transferring) or has a severe cognitive impairment. Most policies cover
            assisted living, memory care, nursing homes and home care.
          </P>
          <UL>
            <li>Find the policy and read the benefit amount, the benefit period or lifetime maximum, and any inflation protection.</li>
            <li>Note the elimination period: the number of days you pay yourself before benefits start (often 30 to 90).</li>
            <li>Call the insurer early to start a claim; they will usually need an assessment by a licensed health care practitioner.</li>
            <li>Ask the community whether it bills the insurer directly or whether you pay and are reimbursed.</li>
          </UL>
          <P>Hybrid life insurance policies with a long-term care rider work similarly and can be claimed the same way.</P>
        </>
      ),
    },
    {
      id: 'va',
      heading: 'VA Aid & Attendance',
      body: (
        <>
          <P>
            Veterans who served during a wartime period, and their surviving spouses, may qualify for the VA pension with the Aid &amp;
            Attendance allowance, a monthly payment on top of the basic pension for people who need help with daily activities, are bedridden,
            or live in a nursing home. It can be used to pay for assisted living or home care.
          </P>
          <UL>
            <li>Eligibility depends on service dates and discharge, medical need, and income and net worth limits set by the VA each year.</li>
            <li>Apply with the VA pension application and a medical evaluation (VA Form 21-2680) completed by a physician.</li>
            <li>Accredited veterans service officers help with the application free of charge; be wary of anyone charging to file it.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'bridge-loans',
      heading: 'Bridge loans and other short-term funding',
      body: (
        <>
          <P>
            A move often has to happen before the house sells or a benefit is approved. A bridge loan is a short-term loan, commonly for up to
            12 months, that covers monthly fees and move-in costs in the meantime and is repaid when the home sale or benefit arrives. Compare
            the interest rate, fees and repayment terms, and make sure the source of repayment is realistic.
          </P>
          <UL>
            <li>
              Reverse mortgage: turns home equity into cash, but the loan usually becomes due when the borrower has lived away from the home for
              12 consecutive months, so it rarely suits a permanent move.
            </li>
            <li>Life insurance: some policies can be surrendered for cash value, converted to a long-term care benefit, or sold (life settlement).</li>
            <li>Annuities: a lump sum can buy a guaranteed monthly income that helps close the gap.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'taxes',
      heading: 'Tax deductions',
      body: (
        <P>
          When a resident is chronically ill and care follows a plan prescribed by a licensed health care practitioner, the cost of care, and
          sometimes the full cost of assisted living or a nursing home, can count as a deductible medical expense. Keep invoices that separate
          care from rent, and ask a tax professional how the rules apply to you. When you are ready, <A href="/search">compare community prices</A>{' '}
          in your area.
        </P>
      ),
    },
  ],
};

import { SUPPORT_EMAIL } from '../../../lib/site';
import { A, H3, P, UL } from './prose';
import { type ResourceDoc } from './types';

export const privacy: ResourceDoc = {
  slug: 'privacy',
  kicker: 'Privacy Policy',
  title: 'Privacy Policy',
  updated: 'November 2026',
  intro: (
    <P>
      We built SeniorScope to collect as little about you as we can. This policy explains, in plain language, what we collect, why, who sees
      it and the choices you have.
    </P>
  ),
  sections: [
    {
      id: 'collect',
      heading: 'What we collect',
      body: (
        <>
          <H3>When you browse</H3>
          <P>
            You can search communities and read every public page without an account. Your searches are sent to our own servers to return
            results; we do not build a profile of you from them. Like every web server, ours records technical data about each request (such as
            your IP address and the page requested) in short-lived logs used to keep the service secure and to limit abuse.
          </P>
          <H3>When you request information about a community</H3>
          <P>
            The information-request form collects your name, e-mail address, and optionally your phone number, the care needs you select and
            your notes. We store this request so a care advisor can contact you.
          </P>
          <H3>When you create an account</H3>
          <P>
            We store your e-mail address, your name if you give it, your password in hashed form (never the password itself), your plan, and the
            communities you save. If you sign in through an identity provider, we receive your e-mail address, name and profile image from it.
          </P>
          <H3>When you use the assistant</H3>
          <P>Messages you type in the chat assistant are sent to our server to produce an answer, together with your current search filters.</P>
        </>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies and tracking',
      body: (
        <>
          <P>We use one cookie: a session cookie that keeps you signed in. It is set only when you sign in and removed when you sign out.</P>
          <UL>
            <li>It is HttpOnly (scripts cannot read it), it is only sent to our own site, and it expires after 30 days.</li>
            <li>During sign-in through an identity provider, a short-lived cookie protects the sign-in step and is deleted straight after.</li>
          </UL>
          <P>
            We use no advertising cookies, no analytics or tracking scripts, and no social media pixels. The site makes no calls to third-party
            services from your browser: fonts, icons, maps and images are all served from our own servers. (If street-level map tiles are ever
            added from a map provider, this section will name it.)
          </P>
        </>
      ),
    },
    {
      id: 'use',
      heading: 'How we use your information',
      body: (
        <UL>
          <li>To answer your information requests and help you find a community.</li>
          <li>To run your account, keep your saved communities and provide the plan you chose.</li>
          <li>To keep the service secure, prevent abuse and fix problems.</li>
          <li>We do not sell your personal information, and we do not use it for advertising.</li>
        </UL>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      body: (
        <>
          <P>
            Information requests are shared with our care advisors, who contact you to help with your search. With your agreement, an advisor
            may pass your details to the communities you are interested in so they can answer your questions or arrange a visit.
          </P>
          <P>
            We may disclose information when the law requires it, or to protect the safety of our users. If SeniorScope is ever merged or sold,
            this policy continues to apply to the information we hold.
          </P>
        </>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <UL>
          <li>Sessions end when you sign out or after 30 days.</li>
          <li>Information requests are kept while they are being handled and for a reasonable time after, so advisors can follow up.</li>
          <li>Account data is kept until you ask us to delete your account.</li>
        </UL>
      ),
    },
    {
      id: 'rights',
      heading: 'Your choices and rights',
      body: (
        <P>
          You can ask us for a copy of your information, to correct it or to delete it, including your account and any information requests, by
          writing to <A href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</A>. Depending on where you live (for example California), you may have
          additional rights under state law; we honor them for every user.
        </P>
      ),
    },
    {
      id: 'children',
      heading: 'Children',
      body: <P>SeniorScope is intended for adults. We do not knowingly collect information from children under 13.</P>,
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      body: (
        <P>
          If we change this policy we will update the date at the top of this page, and tell signed-in users about significant changes. Questions?
          Contact us at <A href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</A>.
        </P>
      ),
    },
  ],
};

/** Site-wide contact details (footer, legal pages, error screens). */
export const SITE_NAME = 'SeniorScope';
export const SUPPORT_PHONE = { display: '(800) 555-0142', href: 'tel:+18005550142' };
export const SUPPORT_EMAIL = 'support@seniorscope.com';

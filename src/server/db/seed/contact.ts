// Contact details of the generated (fictional) dataset, chosen so that none of them reaches a real
// person or site: phone numbers in the range the North American Numbering Plan reserves for fiction
// (555-0100 ... 555-0199) under a real area code of the community's state, and e-mail / web addresses
// under the domains RFC 2606 reserves for examples (example.com, example.org, example.net).
import type { Rng } from './rng';

/** Real area codes per state and DC (a few per state; any of them makes a plausible local number). */
export const AREA_CODES: Record<string, readonly number[]> = {
  AL: [205, 251, 256, 334], AK: [907], AZ: [480, 520, 602, 623, 928], AR: [479, 501, 870],
  CA: [209, 213, 310, 415, 510, 530, 559, 619, 626, 650, 707, 714, 760, 805, 818, 909, 916, 925, 949, 951],
  CO: [303, 719, 720, 970], CT: [203, 860], DE: [302], DC: [202],
  FL: [305, 321, 352, 386, 407, 561, 727, 772, 813, 850, 904, 941, 954], GA: [229, 404, 478, 678, 706, 770, 912],
  HI: [808], ID: [208], IL: [217, 309, 312, 618, 630, 708, 773, 815, 847], IN: [219, 260, 317, 574, 765, 812],
  IA: [319, 515, 563, 641, 712], KS: [316, 620, 785, 913], KY: [270, 502, 606, 859], LA: [225, 318, 337, 504, 985],
  ME: [207], MD: [240, 301, 410, 443], MA: [413, 508, 617, 781, 978],
  MI: [231, 248, 269, 313, 517, 586, 616, 734, 810, 906, 989], MN: [218, 320, 507, 612, 651, 763, 952],
  MS: [228, 601, 662], MO: [314, 417, 573, 636, 660, 816], MT: [406], NE: [308, 402], NV: [702, 775], NH: [603],
  NJ: [201, 609, 732, 856, 908, 973], NM: [505, 575], NY: [212, 315, 516, 518, 585, 607, 631, 716, 718, 845, 914],
  NC: [252, 336, 704, 828, 910, 919], ND: [701], OH: [216, 330, 419, 440, 513, 614, 740, 937], OK: [405, 580, 918],
  OR: [503, 541, 971], PA: [215, 412, 570, 610, 717, 724, 814], RI: [401], SC: [803, 843, 864], SD: [605],
  TN: [423, 615, 731, 865, 901, 931],
  TX: [210, 214, 254, 281, 361, 409, 512, 713, 806, 817, 830, 903, 915, 936, 940, 956, 972, 979],
  UT: [435, 801], VT: [802], VA: [276, 434, 540, 703, 757, 804], WA: [206, 253, 360, 425, 509], WV: [304],
  WI: [262, 414, 608, 715, 920], WY: [307],
};

/** The reserved example domains (RFC 2606) that generated e-mail and web addresses live under. */
export const RESERVED_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

/** `(AAA) 555-01XX`: a real area code of `state`, a line in the reserved fictional range. */
export function fictionalPhone(rng: Rng, state: string): string {
  const codes = AREA_CODES[state];
  if (!codes) throw new Error(`no area code for state ${state}`);
  return `(${rng.pick(codes)}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

const PHONE_RE = /^\((\d{3})\) 555-01\d\d$/;
const HOST = String.raw`(?:[a-z0-9-]+\.)*example\.(?:com|org|net)`;
const EMAIL_RE = new RegExp(`^[a-z0-9._-]+@${HOST}$`);
const WEB_RE = new RegExp(`^https://${HOST}(?:/[a-z0-9/._-]*)?$`);

/** True when `phone` is in the fictional range under an area code of `state`. */
export function isFictionalPhone(phone: string, state: string): boolean {
  const m = PHONE_RE.exec(phone);
  return !!m && (AREA_CODES[state] ?? []).includes(Number(m[1]));
}

export const isReservedEmail = (email: string): boolean => EMAIL_RE.test(email);
export const isReservedWebsite = (url: string): boolean => WEB_RE.test(url);

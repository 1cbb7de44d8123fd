// Review themes (issue 15): the themes every review is scored on, in a fixed order (the order of the
// bits of theme_mask and of the entries of theme_sentiment in the review tables).

export const CUSTOMER_THEMES = [
  'staff',
  'care',
  'food',
  'cleanliness',
  'activities',
  'cost',
  'management',
  'communication',
  'safety',
] as const;
export const EMPLOYEE_THEMES = ['pay', 'hours', 'management', 'staffing', 'training', 'culture'] as const;

export type CustomerTheme = (typeof CUSTOMER_THEMES)[number];
export type EmployeeTheme = (typeof EMPLOYEE_THEMES)[number];
export type ThemeKind = 'customer' | 'employee';

export const THEMES: Record<ThemeKind, readonly string[]> = { customer: CUSTOMER_THEMES, employee: EMPLOYEE_THEMES };

export const THEME_LABELS: Record<string, string> = {
  staff: 'Staff',
  care: 'Care',
  food: 'Food',
  cleanliness: 'Cleanliness',
  activities: 'Activities',
  cost: 'Cost and value',
  management: 'Management',
  communication: 'Communication',
  safety: 'Safety',
  pay: 'Pay',
  hours: 'Hours and scheduling',
  staffing: 'Staffing levels',
  training: 'Training',
  culture: 'Culture',
};

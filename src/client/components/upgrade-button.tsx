// The way up from a Professional-only screen: a button to the plans page.
import { ButtonLink } from './button-link';

export function UpgradeButton() {
  return <ButtonLink href="/pricing">Upgrade to Pro</ButtonLink>;
}

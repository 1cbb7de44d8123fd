// The way up from a Professional-only screen: a button to the plans page.
import { Link } from 'wouter';
import { Button } from './ui/button';

export function UpgradeButton() {
  return (
    <Button asChild>
      <Link href="/pricing">Upgrade to Pro</Link>
    </Button>
  );
}

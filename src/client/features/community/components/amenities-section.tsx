// 'Amenities & Services': an icon for each known amenity, a default icon for the others.
import {
  BusIcon,
  CarIcon,
  CircleCheckIcon,
  ClockIcon,
  DumbbellIcon,
  Flower2Icon,
  type LucideIcon,
  PawPrintIcon,
  SparklesIcon,
  UsersIcon,
  UtensilsCrossedIcon,
  UtensilsIcon,
  WavesIcon,
} from 'lucide-react';
import { SectionCard } from '../../../components/section-card';

export const AMENITY_ICONS: Record<string, LucideIcon> = {
  'Fine Dining Restaurant': UtensilsCrossedIcon,
  'Dining Services': UtensilsIcon,
  'Fitness Center': DumbbellIcon,
  'Swimming Pool': WavesIcon,
  Transportation: CarIcon,
  'Transportation Services': BusIcon,
  'Pet Friendly': PawPrintIcon,
  'Garden Areas': Flower2Icon,
  Housekeeping: SparklesIcon,
  '24/7 Care': ClockIcon,
  'Social Activities': UsersIcon,
};
export const DEFAULT_AMENITY_ICON: LucideIcon = CircleCheckIcon;

export function AmenitiesSection({ amenities }: { amenities: string[] }) {
  return (
    <SectionCard titleClassName="text-xl" headingId="amenities-heading" title={<>Amenities &amp; Services</>}>
      {amenities.length === 0 ? (
        <p className="text-gray-700">Amenity information not available. Please contact the community for details.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {amenities.map((amenity) => {
            const Icon = AMENITY_ICONS[amenity] ?? DEFAULT_AMENITY_ICON;
            return (
              <li key={amenity} className="flex items-center gap-3 text-gray-800" data-amenity-icon={AMENITY_ICONS[amenity] ? 'specific' : 'default'}>
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {amenity}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

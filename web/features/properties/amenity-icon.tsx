import {
  AirVent,
  Car,
  CookingPot,
  Dumbbell,
  Fence,
  Flame,
  Laptop,
  type LucideIcon,
  Trees,
  Tv,
  WashingMachine,
  Waves,
  Wifi,
} from 'lucide-react';
import type { AmenityId } from '#common/amenities';

const icons: Record<AmenityId, LucideIcon> = {
  wifi: Wifi,
  parking: Car,
  kitchen: CookingPot,
  pool: Waves,
  gym: Dumbbell,
  laundry: WashingMachine,
  air_conditioning: AirVent,
  heating: Flame,
  balcony: Fence,
  garden: Trees,
  workspace: Laptop,
  tv: Tv,
};

/** The icon of an amenity; decorative, the label next to it names it. */
export function AmenityIcon({ amenity, className }: { amenity: AmenityId; className?: string }) {
  const Icon = icons[amenity];
  return <Icon aria-hidden className={className} />;
}

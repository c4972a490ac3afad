import {
  AirVent,
  BrickWall,
  Car,
  CookingPot,
  Cylinder,
  Droplets,
  Dumbbell,
  Fence,
  Flame,
  Gauge,
  Laptop,
  type LucideIcon,
  ShieldCheck,
  Trees,
  Tv,
  WashingMachine,
  Waves,
  Wifi,
} from 'lucide-react';
import type { AmenityId } from '#common/amenities';
import { cn } from '../../lib/utils';

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
  borehole: Droplets,
  polytank: Cylinder,
  prepaid_meter: Gauge,
  security: ShieldCheck,
  walled_compound: BrickWall,
};

/** The icon of an amenity; decorative, the label next to it names it. */
export function AmenityIcon({ amenity, className }: { amenity: AmenityId; className?: string }) {
  const Icon = icons[amenity];
  // Never squeezed by a long label beside it (issue 34).
  return <Icon aria-hidden className={cn('shrink-0', className)} />;
}

import { HardHat, Paintbrush, Sprout, Wrench, Zap, type LucideIcon } from 'lucide-react';
import type { ProviderCategory } from '#common/providers';

/** The five trades of the spec, each with its picture. */
export const categoryIcons: Record<ProviderCategory, LucideIcon> = {
  contractor: HardHat,
  plumber: Wrench,
  electrician: Zap,
  painter: Paintbrush,
  gardener: Sprout,
};

import {
  Briefcase,
  Building2,
  CalendarDays,
  ClipboardList,
  Dumbbell,
  Globe,
  GraduationCap,
  HandHeart,
  Handshake,
  HeartHandshake,
  HeartPulse,
  Medal,
  MessageCircle,
  Mountain,
  Newspaper,
  Package,
  Palette,
  PartyPopper,
  PiggyBank,
  Rocket,
  Sparkles,
  Sprout,
  Trophy,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";

/**
 * The icons the built-in copy names, imported one by one so a public page
 * ships only these rather than the whole icon set.
 */
const ICONS: Record<string, LucideIcon> = {
  Briefcase,
  Building2,
  CalendarDays,
  ClipboardList,
  Dumbbell,
  Globe,
  GraduationCap,
  HandHeart,
  Handshake,
  HeartHandshake,
  HeartPulse,
  Medal,
  MessageCircle,
  Mountain,
  Newspaper,
  Package,
  Palette,
  PartyPopper,
  PiggyBank,
  Rocket,
  Sparkles,
  Sprout,
  Trophy,
  Users,
  Wrench,
};

/** The names staff can choose from for a card or step. */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** A decorative icon by name; an unknown name shows a neutral one. */
export function Icon({ name, className = "size-6" }: { name: string; className?: string }) {
  const Component = ICONS[name] ?? Sparkles;
  return <Component aria-hidden="true" className={className} />;
}

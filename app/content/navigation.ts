/**
 * The header menu. Every sub-page sits under
 * its parent's full path prefix; names may be shorter than page titles.
 */
import type { NavItem } from "./types";

export const NAVIGATION: readonly NavItem[] = [
  { name: "Home", href: "/" },
  {
    name: "About",
    href: "/about",
    subItems: [
      { name: "Our Mission", href: "/about/mission" },
      { name: "The Difference We Make", href: "/about/difference" },
      { name: "Our Facilities", href: "/about/facilities" },
      { name: "Our Funders", href: "/about/funders" },
    ],
  },
  {
    name: "What We Deliver",
    href: "/what-we-deliver",
    subItems: [
      { name: "Youth Provision", href: "/what-we-deliver/youth-provision" },
      { name: "HAF (Healthy Holidays)", href: "/what-we-deliver/haf" },
      { name: "Sports & Physical Activities", href: "/what-we-deliver/sports" },
      { name: "Happier & Healthier", href: "/what-we-deliver/happier-healthier" },
      { name: "Employability / NEET", href: "/what-we-deliver/employability" },
      { name: "VRU / VRP Programs", href: "/what-we-deliver/vrp" },
      { name: "SEN Provision", href: "/what-we-deliver/sen" },
      { name: "Active Travel Hub", href: "/what-we-deliver/active-travel-hub" },
      { name: "Residentials & Trips", href: "/what-we-deliver/residentials-trips" },
    ],
  },
  {
    name: "What We Offer",
    href: "/what-we-offer",
    subItems: [
      { name: "Serving Humanity", href: "/what-we-offer/serving-humanity" },
      { name: "Football Teams", href: "/what-we-offer/football-teams" },
      { name: "Bike Rides", href: "/what-we-offer/bike-rides" },
      { name: "Boxing & MMA", href: "/what-we-offer/boxing-mma" },
      { name: "Football Excellence", href: "/what-we-offer/football" },
      { name: "Marathons", href: "/what-we-offer/marathons" },
      { name: "Walking & Hiking", href: "/what-we-offer/mountains" },
      { name: "Tough Mudder", href: "/what-we-offer/tough-mudder" },
    ],
  },
  { name: "News and Events", href: "/news" },
  {
    name: "Volunteer",
    href: "/volunteer",
    subItems: [
      { name: "Apply to Volunteer", href: "/volunteer/apply" },
      { name: "Volunteer Vacancies", href: "/volunteer/vacancies" },
    ],
  },
  {
    name: "Contact",
    href: "/contact",
    subItems: [
      { name: "Register Your Child Now", href: "/contact/register-child" },
      { name: "Contact Us", href: "/contact" },
      { name: "FAQs", href: "/contact/faqs" },
    ],
  },
];

/**
 * Public pages outside the menu (join us, donate, the legal pages): linked from the
 * footer so every public page is reachable without typing its address.
 */
export const SECONDARY_LINKS: readonly NavItem[] = [
  { name: "Join Us", href: "/join-us" },
  { name: "Donate", href: "/donate" },
  { name: "Privacy Policy", href: "/privacy-policy" },
  { name: "Terms", href: "/terms" },
];

/** Every href in a menu tree, depth first, parents before their sub-items. */
export function flattenNavigation(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flattenNavigation(item.subItems ?? [])]);
}

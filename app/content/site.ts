/**
 * Built-in site copy and the business constants (timings, limits, figures,
 * option lists), in one place.
 * Staff settings saved in the admin area override DEFAULT_SITE_SETTINGS.
 *
 * Copy rule: nothing here invents facts about the charity (names, venues,
 * dates, prices, figures); unknown details stay empty until staff fill them in.
 */
import type { BuiltInImage, InfoCard, Tone } from "./types";

// ── Site settings ─────────────────────────────────────────────────────────

export interface SocialLinks {
  youtube: string;
  instagram: string;
  twitter: string;
  tiktok: string;
  snapchat: string;
}

export interface SiteSettings {
  charityName: string;
  tagline: string;
  /** Registered charity number; empty until staff enter it. */
  charityNumber: string;
  phone: string;
  email: string;
  postalAddress: string;
  /** The footer's Find Us map: its label, and the point it centres on. */
  mapQuery: string;
  mapLatitude: number;
  mapLongitude: number;
  social: SocialLinks;
  /** External donation page; empty means the donate buttons explain how to give instead. */
  donationUrl: string;
  monthlyDonationUrl: string;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  charityName: "Halifax Community Development",
  tagline: "Improving lives through Culture, Youth Work, Sport, Art and Education",
  charityNumber: "",
  phone: "",
  email: "",
  postalAddress: "",
  mapQuery: "Halifax, West Yorkshire, UK",
  // Halifax town centre, not the charity's address: staff set the real point later.
  mapLatitude: 53.7248,
  mapLongitude: -1.8658,
  social: { youtube: "", instagram: "", twitter: "", tiktok: "", snapchat: "" },
  donationUrl: "",
  monthlyDonationUrl: "",
};

/** Shown wherever a contact detail has not been set yet. */
export const CONTACT_PLACEHOLDER_TEXT = "Contact details coming soon";

export const SOCIAL_PLATFORM_LABELS: Record<keyof SocialLinks, string> = {
  youtube: "YouTube",
  instagram: "Instagram",
  twitter: "Twitter/X",
  tiktok: "TikTok",
  snapchat: "Snapchat",
};

// ── Timing, limits and ranges ─────────────────────────────────────────────

export const CAROUSEL_INTERVAL_MS = 5000;
export const COUNTER_DURATION_MS = 2000;
export const COUNTER_TICK_MS = 16;
/** Counters start when this share of the element is visible. */
export const COUNTER_VISIBILITY_THRESHOLD = 0.1;
export const QUICK_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const LIBRARY_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
export const RECENT_UPLOADS_LIMIT = 5;
export const STORAGE_CACHE_CONTROL_SECONDS = 3600;
export const CONTENT_TEXTAREA_ROWS = 12;
export const TESTIMONIAL_RATING_RANGE = { min: 1, max: 5 } as const;
export const YOUTH_AGE_RANGE = { min: 8, max: 25 } as const;
/** "Over 600 young people attend regularly": the charity's own figure. */
export const REGULAR_ATTENDEES = 600;

export type LogoSize = "sm" | "md" | "lg" | "xl";
/** Logo heights in CSS pixels. */
export const LOGO_SIZES: Record<LogoSize, number> = { sm: 32, md: 48, lg: 64, xl: 96 };

// ── Home page ─────────────────────────────────────────────────────────────

export const HOME_VIDEO_HEADING = "Watch Our Latest Update";

export interface ImpactStat {
  value: number;
  label: string;
  suffix: string;
  color: Tone;
}

export const IMPACT_STATS: readonly ImpactStat[] = [
  { value: 500, suffix: "+", label: "Children Supported Weekly", color: "primary" },
  { value: 150, suffix: "", label: "Dedicated Volunteers", color: "secondary" },
  { value: 15, suffix: "", label: "Community Programs", color: "accent" },
  { value: 10000, suffix: "+", label: "Meals Provided", color: "success" },
];

export interface Testimonial {
  quote: string;
  /** Who is speaking, by role only: built-in quotes never carry a personal name. */
  author: string;
  role: string;
  color: Tone;
}

export const BUILT_IN_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "Because the youth sessions are free, my son can go every week. He has made good friends and comes home full of confidence.",
    author: "Parent",
    role: "Parent of a young person at our youth sessions",
    color: "primary",
  },
  {
    quote:
      "I came for the football and stayed for everything else. My mentor helped me believe I could go to college.",
    author: "Young Person, 15",
    role: "Member of our sports and mentoring programmes",
    color: "secondary",
  },
  {
    quote:
      "Watching young people grow in confidence through sport, week after week, is the best part of my week too.",
    author: "Volunteer Coach",
    role: "Sports volunteer",
    color: "accent",
  },
  {
    quote:
      "The arts workshops give young people a space to express themselves, and we see the difference back in the classroom.",
    author: "Local Teacher",
    role: "Teacher at a local school",
    color: "success",
  },
];

export const EXPLORE_CARDS: readonly InfoCard[] = [
  {
    title: "What We Deliver",
    description: "Youth provision, holiday activities, sport, wellbeing, employability support and more.",
    icon: "Sparkles",
    href: "/what-we-deliver",
    tone: "primary",
  },
  {
    title: "What We Offer",
    description: "Football, boxing, bike rides, hiking, running challenges and our humanitarian work.",
    icon: "Trophy",
    href: "/what-we-offer",
    tone: "secondary",
  },
  {
    title: "Volunteer",
    description: "Share your time and skills to help young people in our community thrive.",
    icon: "HandHeart",
    href: "/volunteer",
    tone: "accent",
  },
  {
    title: "News and Events",
    description: "Workshops, celebrations and what is coming up next.",
    icon: "Newspaper",
    href: "/news",
    tone: "success",
  },
];

// ── Get involved / Join Us ────────────────────────────────────────────────

export const GET_INVOLVED_CARDS: readonly InfoCard[] = [
  {
    title: "Youth Sessions",
    description: "Free, open access sessions to meet friends, try new things and talk to youth workers.",
    icon: "Users",
    href: "/what-we-deliver/youth-provision",
    tone: "primary",
  },
  {
    title: "Sports & Physical Activities",
    description: "Get active, have fun and be part of a team, whatever your level.",
    icon: "Trophy",
    href: "/what-we-deliver/sports",
    tone: "secondary",
  },
  {
    title: "Activities & Challenges",
    description: "From bike rides and hill walks to marathons and Tough Mudder.",
    icon: "Mountain",
    href: "/what-we-offer",
    tone: "accent",
  },
  {
    title: "Employability Support",
    description: "Build confidence and skills for education, training and work.",
    icon: "Briefcase",
    href: "/what-we-deliver/employability",
    tone: "success",
  },
  {
    title: "News and Events",
    description: "Find out what is happening and what is coming up next.",
    icon: "CalendarDays",
    href: "/news",
    tone: "warning",
  },
  {
    title: "Happier & Healthier",
    description: "Support for wellbeing, body and mind.",
    icon: "HeartPulse",
    href: "/what-we-deliver/happier-healthier",
    tone: "primary",
  },
];

export const JOIN_WAYS: readonly InfoCard[] = [
  {
    title: "Join a Youth Session",
    description: "Free sessions for young people aged 8 to 25: come along, make friends and try something new.",
    icon: "Users",
    href: "/what-we-deliver/youth-provision",
    tone: "primary",
  },
  {
    title: "Play Sport",
    description: "Football, boxing and MMA, cycling and more, for beginners and keen players alike.",
    icon: "Trophy",
    href: "/what-we-deliver/sports",
    tone: "secondary",
  },
  {
    title: "Take on a Challenge",
    description: "Train for a run with our 12-week programme, from a 3k junior to a full marathon.",
    icon: "Medal",
    href: "/what-we-offer/marathons",
    tone: "accent",
  },
  {
    title: "Volunteer",
    description: "Give your time in coaching, mentoring, events, administration, fundraising or maintenance.",
    icon: "HandHeart",
    href: "/volunteer",
    tone: "success",
  },
  {
    title: "Serving Humanity",
    description: "Support our humanitarian work, which follows a 100% donation policy.",
    icon: "Globe",
    href: "/what-we-offer/serving-humanity",
    tone: "warning",
  },
  {
    title: "Donate",
    description: "Help keep our youth programmes free for every young person.",
    icon: "PiggyBank",
    href: "/donate",
    tone: "primary",
  },
];

export interface JoinStep {
  step: number;
  title: string;
  description: string;
  icon: string;
}

export const JOIN_STEPS: readonly JoinStep[] = [
  {
    step: 1,
    title: "Get in Touch",
    description: "Call, email or message us and tell us what you are interested in.",
    icon: "MessageCircle",
  },
  {
    step: 2,
    title: "Register",
    description: "We will help you register for the right sessions or volunteering role.",
    icon: "ClipboardList",
  },
  {
    step: 3,
    title: "Start Your Journey",
    description: "Come along, meet everyone and get stuck in.",
    icon: "Rocket",
  },
];

// ── Donate ────────────────────────────────────────────────────────────────

export const DONATION_IMPACT_CARDS: readonly InfoCard[] = [
  {
    title: "Youth Development",
    description: "Free youth sessions, mentoring and opportunities for young people to grow.",
    icon: "Users",
    tone: "primary",
  },
  {
    title: "Sports & Activities",
    description: "Equipment and activities that keep young people active and part of a team.",
    icon: "Trophy",
    tone: "secondary",
  },
  {
    title: "Educational Support",
    description: "Workshops, materials and learning support that help young people achieve.",
    icon: "GraduationCap",
    tone: "accent",
  },
  {
    title: "Community Facilities",
    description: "Safe, welcoming spaces for young people, families and the community.",
    icon: "Building2",
    tone: "success",
  },
];

export interface DonationAmount {
  /** Whole pounds. */
  amount: number;
  /** What the gift does, in the charity's own words. */
  impact: string;
}

export const ONE_TIME_AMOUNTS: readonly DonationAmount[] = [
  { amount: 10, impact: "£10 gives a young person a week of youth sessions" },
  { amount: 25, impact: "£25 covers sports equipment for a group session" },
  { amount: 50, impact: "£50 supports educational workshops and materials" },
  { amount: 100, impact: "£100 helps maintain community facilities for a month" },
];

export interface MonthlyTier {
  amount: number;
  name: string;
  description: string;
}

export const MONTHLY_TIERS: readonly MonthlyTier[] = [
  { amount: 5, name: "Friend", description: "A small, regular gift that helps keep our youth sessions free." },
  { amount: 15, name: "Supporter", description: "Regular support for sport, arts and education activities." },
  { amount: 30, name: "Champion", description: "Steady support that helps us plan ahead for young people." },
];

export const OTHER_WAYS_TO_SUPPORT: readonly InfoCard[] = [
  {
    title: "Corporate Partnerships",
    description: "Partner with us as a business to support young people in our community.",
    icon: "Handshake",
    href: "/contact",
    tone: "primary",
  },
  {
    title: "Equipment Donations",
    description: "Donate sports kit, art materials or other equipment our sessions can use.",
    icon: "Package",
    href: "/contact",
    tone: "secondary",
  },
  {
    title: "Fundraising Events",
    description: "Organise or take part in a fundraising event for our work.",
    icon: "PartyPopper",
    href: "/contact",
    tone: "accent",
  },
];

const POUNDS = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  maximumFractionDigits: 0,
});

/** Formats whole pounds, e.g. 10 -> "£10", 10000 -> "£10,000". */
export function formatPounds(amount: number): string {
  return POUNDS.format(amount);
}

// ── News, volunteering, registration, FAQs ────────────────────────────────

export const EVENT_CATEGORIES = [
  { value: "sports", label: "Sports" },
  { value: "youth", label: "Youth" },
  { value: "community", label: "Community" },
  { value: "fundraising", label: "Fundraising" },
  { value: "education", label: "Education" },
  { value: "workshops", label: "Workshops" },
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number]["value"];

export interface NewsCard {
  id: string;
  title: string;
  description: string;
  /** How often it runs, if regular; no dates are published here. */
  frequency: "Weekly" | "Monthly" | null;
  category: EventCategory;
  icon: string;
}

export const NEWS_CARDS: readonly NewsCard[] = [
  {
    id: "creative-arts-workshop",
    title: "Creative Arts Workshop",
    description: "A relaxed, friendly workshop where young people explore their creativity and try new art skills.",
    frequency: null,
    category: "workshops",
    icon: "Palette",
  },
  {
    id: "youth-community-celebration",
    title: "Youth Community Celebration",
    description: "A monthly get-together celebrating young people and their achievements with families and the community.",
    frequency: "Monthly",
    category: "community",
    icon: "PartyPopper",
  },
  {
    id: "life-skills-workshop",
    title: "Life Skills Workshop",
    description: "Weekly sessions that build practical skills and confidence for everyday life and the future.",
    frequency: "Weekly",
    category: "education",
    icon: "GraduationCap",
  },
];

export const VOLUNTEER_TYPES = [
  { value: "coaching", label: "Coaching" },
  { value: "mentoring", label: "Mentoring" },
  { value: "administration", label: "Administration" },
  { value: "events", label: "Events" },
  { value: "fundraising", label: "Fundraising" },
  { value: "maintenance", label: "Maintenance" },
] as const;
export type VolunteerType = (typeof VOLUNTEER_TYPES)[number]["value"];

export interface VolunteerRoleCard extends InfoCard {
  type: VolunteerType;
}

export const VOLUNTEER_ROLE_CARDS: readonly VolunteerRoleCard[] = [
  {
    title: "Sports Coach",
    description: "Help run sports sessions and encourage young people to stay active and work as a team.",
    icon: "Dumbbell",
    type: "coaching",
    tone: "primary",
  },
  {
    title: "Youth Mentor",
    description: "Be a trusted adult who listens, encourages and helps young people reach their goals.",
    icon: "HeartHandshake",
    type: "mentoring",
    tone: "secondary",
  },
  {
    title: "Events Helper",
    description: "Lend a hand at workshops, celebrations and community events.",
    icon: "CalendarDays",
    type: "events",
    tone: "accent",
  },
  {
    title: "Admin Support",
    description: "Keep things running smoothly behind the scenes with organisation and paperwork.",
    icon: "ClipboardList",
    type: "administration",
    tone: "success",
  },
  {
    title: "Fundraiser",
    description: "Help raise the money that keeps our youth programmes free.",
    icon: "PiggyBank",
    type: "fundraising",
    tone: "warning",
  },
  {
    title: "Maintenance",
    description: "Help look after our spaces and equipment so they stay safe and welcoming.",
    icon: "Wrench",
    type: "maintenance",
    tone: "primary",
  },
];

export interface VolunteerVacancy {
  id: string;
  title: string;
  type: VolunteerType;
  timeCommitment: string;
  skills: string[];
  description: string;
}

export const VOLUNTEER_VACANCIES: readonly VolunteerVacancy[] = [
  {
    id: "sports-coach",
    title: "Sports Coach Volunteer",
    type: "coaching",
    timeCommitment: "Regular sessions, agreed with you",
    skills: ["Enthusiasm for sport", "Patience and encouragement", "Coaching experience helpful but not essential"],
    description: "Support our sports sessions, help young people learn new skills and make sure everyone feels included.",
  },
  {
    id: "youth-mentor",
    title: "Youth Mentor",
    type: "mentoring",
    timeCommitment: "Regular, agreed with you",
    skills: ["A good listener", "Reliable and consistent", "A positive role model"],
    description: "Meet regularly with a young person to offer encouragement, guidance and a listening ear.",
  },
  {
    id: "events-volunteer",
    title: "Events Volunteer",
    type: "events",
    timeCommitment: "Flexible, around our events",
    skills: ["Friendly and welcoming", "Happy to help wherever needed", "Good at working in a team"],
    description: "Help set up, welcome guests and keep things running at workshops, celebrations and community events.",
  },
  {
    id: "admin-support",
    title: "Admin Support Volunteer",
    type: "administration",
    timeCommitment: "Flexible",
    skills: ["Organised", "Comfortable using a computer", "Attention to detail"],
    description: "Help with organisation, records and everyday tasks that keep our programmes running smoothly.",
  },
  {
    id: "fundraising-volunteer",
    title: "Fundraising Volunteer",
    type: "fundraising",
    timeCommitment: "Flexible",
    skills: ["Confident talking to people", "Creative ideas", "Enthusiasm for our work"],
    description: "Plan and support fundraising activities that help keep our youth programmes free.",
  },
];

export const REGISTER_BENEFITS: readonly InfoCard[] = [
  {
    title: "Make New Friends",
    description: "Meet other young people in a friendly, welcoming space.",
    icon: "Users",
    tone: "primary",
  },
  {
    title: "Explore Exciting Workshops",
    description: "Try sport, art, culture and education activities and discover new interests.",
    icon: "Palette",
    tone: "secondary",
  },
  {
    title: "Build Life Skills",
    description: "Grow in confidence, teamwork and the practical skills that matter for the future.",
    icon: "Sprout",
    tone: "accent",
  },
  {
    title: "Caring Mentors",
    description: "Be supported by caring adults who listen and encourage.",
    icon: "HeartHandshake",
    tone: "success",
  },
];

export interface FaqTopic {
  id: string;
  topic: string;
  question: string;
  answer: string;
}

export const FAQ_TOPICS: readonly FaqTopic[] = [
  {
    id: "programmes",
    topic: "Programme details and schedules",
    question: "What do you offer, and when?",
    answer:
      "We offer youth work, sport, art, culture and education activities for young people aged 8 to 25, and our youth programmes are free. Times vary by programme, so please contact us for the latest schedule.",
  },
  {
    id: "registering",
    topic: "How to register",
    question: "How do I register my child?",
    answer:
      "Visit our Register Your Child Now page or contact us by phone or email, and we will help you find the right sessions for your child.",
  },
  {
    id: "volunteering",
    topic: "Volunteer opportunities",
    question: "How can I volunteer?",
    answer:
      "We welcome volunteers in coaching, mentoring, administration, events, fundraising and maintenance. Take a look at our volunteer vacancies, then apply to volunteer and we will be in touch.",
  },
  {
    id: "safeguarding",
    topic: "Safety and safeguarding",
    question: "How do you keep young people safe?",
    answer:
      "The safety and wellbeing of every young person comes first in everything we do. If you have a question or concern about safeguarding, please contact us and we will talk it through with you.",
  },
];

export const MARATHON_TRAINING_WEEKS = 12;

export const MARATHON_DISTANCES = [
  { id: "3k-junior", label: "3k Junior" },
  { id: "5k", label: "5k" },
  { id: "10k", label: "10k" },
  { id: "half", label: "Half Marathon" },
  { id: "full", label: "Full Marathon" },
] as const;

// ── Media and admin option lists ──────────────────────────────────────────

/** Categories a media file can be stored under. */
export const MEDIA_CATEGORIES = [
  { value: "cycling", label: "Cycling" },
  { value: "boxing", label: "Boxing/MMA" },
  { value: "football", label: "Football" },
  { value: "humanitarian", label: "Humanitarian" },
  { value: "hiking", label: "Hiking/Outdoor" },
  { value: "general", label: "General" },
] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number]["value"];

/** Display labels for every category value seen in the product. */
export const CATEGORY_LABELS: Record<string, string> = {
  all: "All Categories",
  general: "General",
  cycling: "Cycling",
  boxing: "Boxing/MMA",
  football: "Football",
  humanitarian: "Humanitarian",
  hiking: "Hiking/Outdoor",
  branding: "Branding",
  activities: "Activities",
  facilities: "Facilities",
  community: "Community",
  registration: "Registration",
  charity: "Charity",
};

export function categoryLabel(value: string): string {
  return CATEGORY_LABELS[value] ?? value;
}

/** The stored category is one of MEDIA_CATEGORIES; anything else becomes "general". */
export function toStoredCategory(value: string): MediaCategory {
  return MEDIA_CATEGORIES.some((c) => c.value === value) ? (value as MediaCategory) : "general";
}

export interface CategoryOption {
  value: string;
  label: string;
}

const option = (value: string): CategoryOption => ({ value, label: categoryLabel(value) });

/** Choices in the quick image uploader. */
export const UPLOADER_CATEGORIES: readonly CategoryOption[] = [
  "general",
  "humanitarian",
  "cycling",
  "boxing",
  "football",
  "hiking",
  "branding",
  "facilities",
  "community",
  "activities",
].map(option);

/** Filter choices in the image picker. */
export const PICKER_CATEGORIES: readonly CategoryOption[] = [
  "all",
  "branding",
  "activities",
  "humanitarian",
  "cycling",
  "boxing",
  "football",
  "hiking",
  "general",
].map(option);

export const MEDIA_SECTIONS = [
  { value: "hero", label: "Hero" },
  { value: "content-main", label: "Main Content" },
  { value: "gallery", label: "Gallery" },
  { value: "testimonials", label: "Testimonials" },
  { value: "background", label: "Background" },
] as const;

export const NEWSLETTER_TEMPLATES = [
  { value: "monthly-update", label: "Monthly Update" },
  { value: "event-announcement", label: "Event Announcement" },
  { value: "success-stories", label: "Success Stories" },
  { value: "fundraising", label: "Fundraising" },
  { value: "custom", label: "Custom" },
] as const;

// ── Built-in images ───────────────────────────────────────────────────────

export const BUILT_IN_IMAGES: readonly BuiltInImage[] = [
  {
    id: "logo-light",
    filename: "/images/logo-light.svg",
    alt: "Logo: three figures linked in a circle",
    category: "branding",
    description: "Logo for light backgrounds",
    width: 64,
    height: 64,
  },
  {
    id: "logo-dark",
    filename: "/images/logo-dark.svg",
    alt: "Logo: three figures linked in a circle",
    category: "branding",
    description: "Logo for dark backgrounds",
    width: 64,
    height: 64,
  },
  {
    id: "youth-session",
    filename: "/images/youth.svg",
    alt: "Illustration of three young people standing together, chatting",
    category: "activities",
    description: "Youth work and open access sessions",
    width: 1200,
    height: 800,
  },
  {
    id: "sports-activities",
    filename: "/images/sport.svg",
    alt: "Illustration of a trophy, a medal, a training cone and a ball",
    category: "activities",
    description: "Sport and physical activity",
    width: 1200,
    height: 800,
  },
  {
    id: "football-pitch",
    filename: "/images/football.svg",
    alt: "Illustration of a football in front of a goal on a striped pitch",
    category: "football",
    description: "Football teams and football excellence",
    width: 1200,
    height: 800,
  },
  {
    id: "bike-ride",
    filename: "/images/cycling.svg",
    alt: "Illustration of a bicycle on a road through green hills",
    category: "cycling",
    description: "Bike rides and active travel",
    width: 1200,
    height: 800,
  },
  {
    id: "boxing-training",
    filename: "/images/boxing.svg",
    alt: "Illustration of a punch bag between two boxing gloves",
    category: "boxing",
    description: "Boxing and MMA training",
    width: 1200,
    height: 800,
  },
  {
    id: "hiking-adventure",
    filename: "/images/hiking.svg",
    alt: "Illustration of a path leading towards mountains with a flag on the summit",
    category: "hiking",
    description: "Walking and hiking adventures",
    width: 1200,
    height: 800,
  },
  {
    id: "humanitarian-aid",
    filename: "/images/humanitarian.svg",
    alt: "Illustration of two cupped hands beneath a heart",
    category: "humanitarian",
    description: "Serving Humanity, our humanitarian work",
    width: 1200,
    height: 800,
  },
  {
    id: "community-gathering",
    filename: "/images/community.svg",
    alt: "Illustration of a group of people of all ages standing together between houses",
    category: "general",
    description: "Our community",
    width: 1200,
    height: 800,
  },
];

/** Tried in order when an image fails to load; after the last, the image is hidden. */
export const FALLBACK_IMAGES: readonly [string, string, string] = [
  "/images/community.svg",
  "/images/youth.svg",
  "/images/fallback.svg",
];

/** Used when an image id is unknown: the built-in picture for its category. */
export const CATEGORY_FALLBACK_IMAGE: Record<string, string> = {
  general: "/images/community.svg",
  community: "/images/community.svg",
  facilities: "/images/community.svg",
  registration: "/images/youth.svg",
  activities: "/images/youth.svg",
  branding: "/images/logo-light.svg",
  charity: "/images/humanitarian.svg",
  humanitarian: "/images/humanitarian.svg",
  cycling: "/images/cycling.svg",
  boxing: "/images/boxing.svg",
  football: "/images/football.svg",
  hiking: "/images/hiking.svg",
};

/** The register page's banner: the image staff assign to this section, else the general category's picture. */
export const REGISTER_CHILD_BANNER = { id: "register-child-banner", fallbackCategory: "general" } as const;

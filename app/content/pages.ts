/**
 * Built-in copy of every public page. Staff edits saved in the admin
 * area override these defaults; these are what a fresh install shows.
 *
 * Copy rule: only facts the charity has given us. No names,
 * venues, dates, prices or figures beyond those; where details are unknown the
 * page invites the reader to get in touch.
 */
import { BUILT_IN_IMAGES } from "./site";
import { DEFAULT_IMAGE_POSITION, type BuiltInPage, type CallToAction, type Layout, type PageCategory, type PageContent, type PageImage } from "./types";

/** Action buttons shared across pages, so every label always leads to the same place. */
export const CTAS = {
  registerChild: { label: "Register Your Child", href: "/contact/register-child" },
  registerNow: { label: "Register Now", href: "/contact/register-child" },
  bookFreeSession: { label: "Book Free Session", href: "/contact/register-child" },
  applyNow: { label: "Apply Now", href: "/volunteer/apply" },
  applyToVolunteer: { label: "Apply to Volunteer", href: "/volunteer/apply" },
  viewVacancies: { label: "View Vacancies", href: "/volunteer/vacancies" },
  joinUs: { label: "Join Us", href: "/join-us" },
  volunteer: { label: "Volunteer", href: "/volunteer" },
  contactUs: { label: "Contact Us", href: "/contact" },
  bookVisit: { label: "Book a Visit", href: "/contact" },
  borrowBike: { label: "Borrow a Bike", href: "/contact" },
  joinNextRide: { label: "Join Next Ride", href: "/contact" },
  newsletter: { label: "Join Our Newsletter", href: "#newsletter" },
  askQuestion: { label: "Ask a Question", href: "/contact#ask-a-question" },
  donate: { label: "Donate", href: "/donate" },
  learnMore: { label: "Learn More", href: "/about/difference" },
} as const satisfies Record<string, CallToAction>;

export const PAGE_CATEGORIES: readonly PageCategory[] = [
  "main",
  "about",
  "deliver",
  "offer",
  "engagement",
  "legal",
];

export const PAGE_CATEGORY_LABELS: Record<PageCategory, string> = {
  about: "About",
  deliver: "What We Deliver",
  offer: "What We Offer",
  main: "Main",
  engagement: "Get Involved",
  legal: "Legal",
};

/** Section options for section images, by page id. */
export function sectionsFor(pageId: string): string[] {
  switch (pageId) {
    case "serving-humanity":
      return ["hero", "uc3-infographic", "values"];
    case "about":
      return ["hero", "team", "mission"];
    case "sports":
      return ["hero", "activities"];
    default:
      return ["hero", "content"];
  }
}

/** Every page is text-only except these two, which open with a hero banner. */
const HERO_CONTENT_PAGES = new Set(["home", "residentials-trips"]);

/** Joins Markdown blocks with the blank line that separates paragraphs. */
const md = (...blocks: string[]) => blocks.join("\n\n");

type PageInput = Omit<BuiltInPage, "layout" | "sections" | "heroTitle" | "ctas"> & {
  heroTitle?: string;
  ctas?: CallToAction[];
};

function page(input: PageInput): BuiltInPage {
  const layout: Layout = HERO_CONTENT_PAGES.has(input.id) ? "hero-content" : "text-only";
  return {
    ...input,
    heroTitle: input.heroTitle ?? input.title,
    layout,
    ctas: input.ctas ?? [],
    sections: sectionsFor(input.id),
  };
}

export const BUILT_IN_PAGES: readonly BuiltInPage[] = [
  // ── Main ────────────────────────────────────────────────────────────────
  page({
    id: "home",
    path: "/",
    title: "Home",
    description:
      "Free youth work, sport, art and education for young people aged 8 to 25 in Halifax. Find a session, volunteer or support our community.",
    category: "main",
    videoAssignment: "home",
    heroTitle: "Empowering Our Community",
    heroSubtitle: "Improving lives through Culture, Youth Work, Sport, Art and Education",
    mainTitle: "A place to belong, grow and thrive",
    content: md(
      "We are a community development charity in Halifax, improving lives through Culture, Youth Work, Sport, Art and Education. Over 600 young people come to our activities regularly, and our youth programmes are free.",
      "Whether your child wants to try a new sport, get creative, make friends or find support with school and life, there is a place for them here. We work with young people aged 8 to 25, and with their families.",
      "Explore [what we deliver](/what-we-deliver) and [what we offer](/what-we-offer), or find out how to [get involved](/join-us).",
    ),
    ctas: [CTAS.joinUs, CTAS.volunteer],
  }),

  // ── About ───────────────────────────────────────────────────────────────
  page({
    id: "about",
    path: "/about",
    title: "About Us",
    description:
      "Who we are: a Halifax community development charity improving lives through Culture, Youth Work, Sport, Art and Education.",
    category: "about",
    videoAssignment: "about",
    heroSubtitle: "A community development charity for Halifax",
    mainTitle: "Who we are",
    content: md(
      "We are a community development charity based in Halifax. We improve lives through Culture, Youth Work, Sport, Art and Education, and we believe every young person deserves the chance to discover what they are good at.",
      "Over 600 young people attend our activities regularly. Our youth programmes are free, so cost is never the reason a young person misses out. We work with children and young people aged 8 to 25, and with their families and the wider community.",
      "Our work covers poverty relief, youth development, education support and wellbeing. Read about [our mission](/about/mission), [the difference we make](/about/difference), [our facilities](/about/facilities) and [our funders](/about/funders).",
    ),
    ctas: [CTAS.registerChild, CTAS.volunteer],
  }),
  page({
    id: "mission",
    path: "/about/mission",
    title: "Our Mission",
    description:
      "Our mission is to improve lives in Halifax through Culture, Youth Work, Sport, Art and Education, and the values that guide our work.",
    category: "about",
    videoAssignment: "mission",
    heroSubtitle: "Improving lives through Culture, Youth Work, Sport, Art and Education",
    mainTitle: "What we are here to do",
    content: md(
      "Our mission is to improve lives in our community through Culture, Youth Work, Sport, Art and Education.",
      "We want every young person to feel welcome, safe and valued, and to have the chance to build confidence, skills and friendships that last.",
      "## What guides us",
      [
        "- **Open to all:** our youth programmes are free, so everyone can take part.",
        "- **Young people first:** we listen to young people and shape our work around them.",
        "- **The whole person:** we care about wellbeing, learning and ambitions, not just activities.",
        "- **Community:** we work alongside families and volunteers to make a lasting difference.",
      ].join("\n"),
    ),
    ctas: [CTAS.joinUs, CTAS.volunteer],
  }),
  page({
    id: "difference",
    path: "/about/difference",
    title: "The Difference We Make",
    description:
      "Our impact in numbers: 500+ children supported weekly, 150 dedicated volunteers, 15 community programs and more than 10,000 meals provided.",
    category: "about",
    videoAssignment: "difference",
    heroSubtitle: "Real support for young people and families, every week",
    mainTitle: "Our impact",
    content: md(
      "Every week, our sessions give young people somewhere to go, something to do and someone to talk to. Over time, that adds up to real change for them, their families and our community.",
      [
        "- **500+** children supported weekly",
        "- **150** dedicated volunteers",
        "- **15** community programs",
        "- **10,000+** meals provided",
        "- **Over 600** young people attending regularly",
      ].join("\n"),
      "Behind every number is a young person who has found a new interest, made a friend, grown in confidence or taken a step towards their next goal.",
      "You can help us do more: [volunteer](/volunteer) your time or [make a donation](/donate).",
    ),
    ctas: [CTAS.volunteer, CTAS.donate],
  }),
  page({
    id: "facilities",
    path: "/about/facilities",
    title: "Our Facilities",
    description:
      "The welcoming spaces where young people in Halifax take part in youth work, sport, art and education. Get in touch to arrange a visit.",
    category: "about",
    videoAssignment: "facilities",
    heroSubtitle: "Welcoming spaces for young people and the community",
    mainTitle: "Spaces to learn, play and create",
    content: md(
      "Our facilities are where it all happens: safe, welcoming spaces where young people take part in youth work, sport, art and education, and where families and the community come together.",
      "Looking after these spaces matters. They give young people a place that feels like their own, and somewhere to come back to week after week.",
      "We will share more about our spaces here soon. If you would like to see them for yourself, please get in touch to arrange a visit.",
    ),
    ctas: [CTAS.bookVisit],
  }),
  page({
    id: "funders",
    path: "/about/funders",
    title: "Our Funders",
    description:
      "Thank you to the organisations and people whose support keeps our youth programmes free. Find out how your organisation can help.",
    category: "about",
    videoAssignment: "funders",
    heroSubtitle: "Thank you to everyone who makes our work possible",
    mainTitle: "Supported by people who believe in young people",
    content: md(
      "Our work is made possible by the organisations, groups and individuals who fund and support us. Their backing helps keep our youth programmes free for every young person who comes through our doors.",
      "We will list our funders on this page as details are confirmed.",
      "If your organisation would like to support young people in Halifax, we would love to hear from you. You can also read about other ways to help on our [donate page](/donate).",
    ),
    ctas: [CTAS.contactUs],
  }),

  // ── What We Deliver ─────────────────────────────────────────────────────
  page({
    id: "what-we-deliver",
    path: "/what-we-deliver",
    title: "What We Deliver",
    description:
      "Our programmes for young people aged 8 to 25: youth provision, holiday activities, sport, wellbeing, employability support, trips and more.",
    category: "deliver",
    videoAssignment: "what-we-deliver",
    heroSubtitle: "Programmes that help young people learn, grow and thrive",
    mainTitle: "Our programmes",
    content: md(
      "We deliver a wide range of programmes for children and young people aged 8 to 25, covering youth work, sport, wellbeing, education and skills for the future. Our youth programmes are free.",
      [
        "- [Open Access Youth Provision](/what-we-deliver/youth-provision)",
        "- [HAF (Healthy Holidays)](/what-we-deliver/haf)",
        "- [Sports & Physical Activities](/what-we-deliver/sports)",
        "- [Happier & Healthier](/what-we-deliver/happier-healthier)",
        "- [Employability / NEET](/what-we-deliver/employability)",
        "- [VRU / VRP Programs](/what-we-deliver/vrp)",
        "- [SEN Provision](/what-we-deliver/sen)",
        "- [Active Travel Hub](/what-we-deliver/active-travel-hub)",
        "- [Residentials & Trips](/what-we-deliver/residentials-trips)",
      ].join("\n"),
      "Not sure which is right for your child? Get in touch and we will help you find the best fit.",
    ),
    ctas: [CTAS.registerChild, CTAS.contactUs],
  }),
  page({
    id: "youth-provision",
    path: "/what-we-deliver/youth-provision",
    title: "Open Access Youth Provision",
    description:
      "Free, open access youth sessions in Halifax: a safe place to meet friends, try new activities and talk to youth workers who listen.",
    category: "deliver",
    videoAssignment: "youth-provision",
    heroSubtitle: "Free sessions where every young person is welcome",
    mainTitle: "Somewhere to go, something to do, someone to talk to",
    content: md(
      "Open access means exactly that: young people can come along to our youth sessions without needing a referral, and the sessions are free.",
      "Sessions are a chance to relax with friends, try new activities, take part in sport, arts and games, and talk to youth workers who listen. Young people help shape what we do, so the sessions reflect their interests.",
      "It is a great first step for young people who are new to us. Book a free session and come and see what it is like.",
    ),
    ctas: [CTAS.bookFreeSession, CTAS.registerChild],
  }),
  page({
    id: "haf",
    path: "/what-we-deliver/haf",
    title: "HAF (Healthy Holidays)",
    description:
      "HAF (Healthy Holidays): fun, active school holiday sessions with healthy food for children and young people in Halifax.",
    category: "deliver",
    videoAssignment: "haf-program",
    heroSubtitle: "Fun, active school holidays with healthy food",
    mainTitle: "Making the most of the school holidays",
    content: md(
      "HAF stands for Holiday Activities and Food. Our HAF (Healthy Holidays) programme gives children and young people fun, active things to do during the school holidays, together with healthy food.",
      "Holiday sessions are a chance to play sport and games, get creative and try something new in a friendly, supportive setting, and to stay active and well fed while school is out.",
      "Places and eligibility can vary, so please get in touch to find out what is running and whether your child can take part.",
    ),
    ctas: [CTAS.registerChild, CTAS.contactUs],
  }),
  page({
    id: "sports",
    path: "/what-we-deliver/sports",
    title: "Sports & Physical Activities",
    description:
      "Sport and physical activity for young people: build confidence, make friends and stay healthy, whether you are a beginner or already love your game.",
    category: "deliver",
    videoAssignment: "sports",
    heroSubtitle: "Get active, have fun and be part of a team",
    mainTitle: "Sport for everyone",
    content: md(
      "Sport is one of the best ways for young people to build confidence, make friends and stay healthy. Our sports and physical activities welcome everyone, from complete beginners to those who already love their game.",
      "From football, boxing and MMA to bike rides, walks and running challenges, our sessions are built on teamwork, respect and enjoyment. See [what we offer](/what-we-offer) for the full range.",
      "You don't need to be sporty to join in: just come along ready to have a go.",
    ),
    ctas: [CTAS.bookFreeSession, CTAS.registerChild],
  }),
  page({
    id: "happier-healthier",
    path: "/what-we-deliver/happier-healthier",
    title: "Happier & Healthier",
    description:
      "Happier & Healthier supports young people's physical and mental wellbeing through activity, healthy habits and someone to talk to.",
    category: "deliver",
    videoAssignment: "happier-healthier",
    heroSubtitle: "Supporting young people's wellbeing, body and mind",
    mainTitle: "Feeling good, inside and out",
    content: md(
      "Wellbeing is at the heart of everything we do. Happier & Healthier helps young people look after their physical and mental health in ways that feel fun and achievable.",
      "That can mean getting active, learning about healthy eating, finding ways to cope with stress, or simply having a trusted adult to talk to.",
      "Small, positive habits can make a big difference. We are here to help young people and families build them together.",
    ),
    ctas: [CTAS.registerChild, CTAS.contactUs],
  }),
  page({
    id: "employability",
    path: "/what-we-deliver/employability",
    title: "Employability / NEET",
    description:
      "Support for young people not in education, employment or training: build confidence, explore options and develop skills for work.",
    category: "deliver",
    videoAssignment: "employability",
    heroSubtitle: "Support for young people into education, training and work",
    mainTitle: "Taking the next step",
    content: md(
      "Some young people are not in education, employment or training, often called NEET. Our employability support helps them find a way forward that is right for them.",
      "We help young people build confidence, explore their options and develop practical skills, such as writing a CV, preparing for interviews and working as part of a team.",
      "Whatever their starting point, we work alongside young people at their own pace. If you are looking for support, or you know someone who is, please get in touch.",
    ),
    ctas: [CTAS.contactUs, CTAS.askQuestion],
  }),
  page({
    id: "vrp",
    path: "/what-we-deliver/vrp",
    title: "VRU / VRP Programs",
    description:
      "Our violence reduction work offers young people positive activities, trusted adults and a safe space to talk about the pressures they face.",
    category: "deliver",
    videoAssignment: "violence-reduction",
    heroSubtitle: "Helping young people stay safe and make positive choices",
    mainTitle: "Working together to reduce violence",
    content: md(
      "VRU and VRP stand for Violence Reduction Unit and Violence Reduction Partnership. Our programmes in this area are part of wider work to reduce violence and keep young people safe.",
      "We offer young people positive activities, trusted relationships and a safe space to talk about the pressures they face, from peer pressure to exploitation.",
      "With good things to do and people to turn to, young people are better placed to make choices that keep themselves and others safe.",
      "If you are worried about a young person, please contact us. In an emergency, always call 999.",
    ),
    ctas: [CTAS.contactUs],
  }),
  page({
    id: "sen",
    path: "/what-we-deliver/sen",
    title: "SEN Provision",
    description:
      "SEN Provision: activities for young people with special educational needs. This page is being developed; contact us to talk about support.",
    category: "deliver",
    videoAssignment: "sen-provision",
    heroSubtitle: "Activities for young people with special educational needs",
    mainTitle: "SEN Provision",
    content: md(
      "Content for this page is being developed. Please check back soon.",
      "In the meantime, if you would like to talk about support for a young person with special educational needs, please [contact us](/contact).",
    ),
    ctas: [CTAS.contactUs],
  }),
  page({
    id: "active-travel-hub",
    path: "/what-we-deliver/active-travel-hub",
    title: "Active Travel Hub",
    description:
      "Our Active Travel Hub helps young people and families walk and cycle more. Ask us about borrowing a bike or joining our next group ride.",
    category: "deliver",
    videoAssignment: "active-travel-hub",
    heroSubtitle: "Walking and cycling made easier",
    mainTitle: "Get moving, the active way",
    content: md(
      "Our Active Travel Hub encourages young people and families to walk and cycle more, both for getting around and for fun.",
      "Active travel is good for your health and your pocket, and kinder to the environment. It is also a great way to build confidence and independence.",
      "Want to borrow a bike or join a ride? Get in touch and we will let you know what is available. See also our [bike rides](/what-we-offer/bike-rides).",
    ),
    ctas: [CTAS.borrowBike, CTAS.joinNextRide],
  }),
  page({
    id: "residentials-trips",
    path: "/what-we-deliver/residentials-trips",
    title: "Residentials & Trips",
    description:
      "Residentials and trips give young people new places, new challenges and memories that last, building independence, teamwork and confidence.",
    category: "deliver",
    videoAssignment: "residentials-trips",
    heroSubtitle: "Adventures, new places and memories that last",
    mainTitle: "Experiences beyond the everyday",
    content: md(
      "Trips and residentials give young people the chance to see new places, take on new challenges and spend time together away from everyday routines.",
      "Time away builds independence, teamwork and confidence in ways that stay with young people long after they return home.",
      "If your child would like to take part, get in touch to hear about upcoming opportunities.",
    ),
    ctas: [CTAS.registerChild, CTAS.contactUs],
  }),

  // ── What We Offer ───────────────────────────────────────────────────────
  page({
    id: "what-we-offer",
    path: "/what-we-offer",
    title: "What We Offer",
    description:
      "Football, boxing and MMA, bike rides, hiking, marathons, Tough Mudder and our humanitarian work: find an activity or cause to get involved in.",
    category: "offer",
    videoAssignment: "what-we-offer",
    heroSubtitle: "Activities, challenges and causes to get involved in",
    mainTitle: "Something for everyone",
    content: md(
      "From football and boxing to bike rides, hill walks and running challenges, there is plenty to get stuck into, as well as our humanitarian work.",
      [
        "- [Serving Humanity](/what-we-offer/serving-humanity)",
        "- [Football Teams](/what-we-offer/football-teams)",
        "- [Bike Rides](/what-we-offer/bike-rides)",
        "- [Boxing & MMA Training](/what-we-offer/boxing-mma)",
        "- [Football Excellence](/what-we-offer/football)",
        "- [Marathons](/what-we-offer/marathons)",
        "- [Walking & Hiking Adventures](/what-we-offer/mountains)",
        "- [Tough Mudder](/what-we-offer/tough-mudder)",
      ].join("\n"),
      "Found something you like the look of? Get in touch and we will help you take part.",
    ),
    ctas: [CTAS.joinUs, CTAS.contactUs],
  }),
  page({
    id: "serving-humanity",
    path: "/what-we-offer/serving-humanity",
    title: "Serving Humanity",
    description:
      "Our humanitarian work and its children's charity follow a 100% donation policy, supporting poverty relief, youth development, education and wellbeing.",
    category: "offer",
    videoAssignment: "serving-humanity",
    heroSubtitle: "Humanitarian work with a 100% donation policy",
    mainTitle: "Helping people in need",
    content: md(
      "Serving Humanity is our humanitarian work. It and its children's charity follow a 100% donation policy, so every penny you give goes to the cause.",
      "## What we focus on",
      [
        "- **Poverty relief:** helping children and families facing hardship",
        "- **Youth development:** opportunities that help young people grow",
        "- **Education support:** helping children learn and achieve",
        "- **Wellbeing:** caring for physical and mental health",
      ].join("\n"),
      "You can make a difference by [donating](/donate) or [volunteering](/volunteer) with us.",
    ),
    ctas: [CTAS.donate, CTAS.volunteer],
  }),
  page({
    id: "football-teams",
    path: "/what-we-offer/football-teams",
    title: "Football Teams",
    description:
      "Join one of our football teams: play regularly, improve your skills and learn teamwork, respect and resilience on and off the pitch.",
    category: "offer",
    videoAssignment: "football-teams",
    heroSubtitle: "Play, train and grow as part of a team",
    mainTitle: "Be part of the team",
    content: md(
      "Our football teams give young people the chance to play regularly, improve their skills and enjoy being part of a squad.",
      "Football teaches more than skills with a ball. Players learn teamwork, respect, resilience and how to win and lose well.",
      "Interested in joining a team? Register your child or get in touch, and we will help you find the team that suits their age and experience.",
    ),
    ctas: [CTAS.registerChild, CTAS.contactUs],
  }),
  page({
    id: "bike-rides",
    path: "/what-we-offer/bike-rides",
    title: "Bike Rides",
    description:
      "Friendly group bike rides for young people: get active, explore and build confidence on two wheels. No bike? Ask us about borrowing one.",
    category: "offer",
    videoAssignment: "bike-rides",
    heroSubtitle: "Explore on two wheels with friends",
    mainTitle: "Ride with us",
    content: md(
      "Our group bike rides are a great way to get active, explore the area and enjoy time outdoors together.",
      "Rides are friendly and sociable, and a good way to build confidence on a bike. Don't have a bike? Ask us about borrowing one.",
      "Visit our [Active Travel Hub](/what-we-deliver/active-travel-hub) for more ways to get moving.",
    ),
    ctas: [CTAS.joinNextRide, CTAS.borrowBike],
  }),
  page({
    id: "boxing-mma",
    path: "/what-we-offer/boxing-mma",
    title: "Boxing & MMA Training",
    description:
      "Boxing and MMA training for young people: build fitness, focus, discipline and self-belief through technique, conditioning and respect.",
    category: "offer",
    videoAssignment: "boxing-mma",
    heroSubtitle: "Fitness, discipline and confidence",
    mainTitle: "Train hard, train with respect",
    content: md(
      "Boxing and MMA training is a brilliant way to build fitness, focus and self-belief. Our sessions concentrate on technique, conditioning and respect for others.",
      "Training helps young people channel their energy positively, set goals and build the discipline that helps in every part of life.",
      "Whether you have trained before or never worn a pair of gloves, book a free session to give it a try.",
    ),
    ctas: [CTAS.bookFreeSession, CTAS.registerChild],
  }),
  page({
    id: "football",
    path: "/what-we-offer/football",
    title: "Football Excellence",
    description:
      "Football Excellence helps committed young players develop technique, game understanding, fitness and attitude, on and off the pitch.",
    category: "offer",
    videoAssignment: "football",
    heroSubtitle: "Take your game to the next level",
    mainTitle: "Developing talented players",
    content: md(
      "Football Excellence is for young players who want to push themselves further. Sessions focus on developing technique, game understanding, fitness and attitude.",
      "We help players set goals, work hard and grow both on and off the pitch, with the same values of teamwork and respect that run through all our football.",
      "Looking for regular matches? Take a look at our [football teams](/what-we-offer/football-teams).",
    ),
    ctas: [CTAS.registerChild, CTAS.contactUs],
  }),
  page({
    id: "marathons",
    path: "/what-we-offer/marathons",
    title: "Marathons",
    description:
      "Our 12-week marathon training programme gets you ready for a 3k junior, 5k, 10k, half or full marathon, training together all the way.",
    category: "offer",
    videoAssignment: "marathons",
    heroSubtitle: "A 12-week training programme to get you over the finish line",
    mainTitle: "Go the distance",
    content: md(
      "Whether you are running your first 5k or aiming for a full marathon, our 12-week training programme helps you prepare step by step.",
      "## Choose your distance",
      ["- 3k junior", "- 5k", "- 10k", "- Half marathon", "- Full marathon"].join("\n"),
      "Training together keeps you motivated, and there is nothing like crossing the finish line with people who have been with you all the way. Get in touch to sign up.",
    ),
    ctas: [CTAS.contactUs, CTAS.registerChild],
  }),
  page({
    id: "mountains",
    path: "/what-we-offer/mountains",
    title: "Walking & Hiking Adventures",
    description:
      "Walking and hiking adventures for young people: fresh air, big views and great company, building stamina, teamwork and confidence.",
    category: "offer",
    videoAssignment: "walking-hiking",
    heroSubtitle: "Fresh air, big views and great company",
    mainTitle: "Adventures on foot",
    content: md(
      "Walking and hiking are a fantastic way to get fit, enjoy nature and clear your head. Our adventures take young people out into the hills and countryside.",
      "Along the way, young people build stamina, teamwork and confidence, and many discover a love of the outdoors.",
      "Interested in joining a walk? Get in touch to find out more.",
    ),
    ctas: [CTAS.contactUs, CTAS.registerChild],
  }),
  page({
    id: "tough-mudder",
    path: "/what-we-offer/tough-mudder",
    title: "Tough Mudder",
    description:
      "Take on Tough Mudder with us: a muddy obstacle challenge where teamwork matters as much as fitness. Train together and cross the line together.",
    category: "offer",
    videoAssignment: "tough-mudder",
    heroSubtitle: "Mud, obstacles and teamwork",
    mainTitle: "Take on the challenge",
    content: md(
      "Tough Mudder is a muddy obstacle course challenge where teamwork matters as much as fitness. It is a chance to push your limits and have a lot of fun doing it.",
      "We help participants prepare, train together and support each other all the way to the finish line.",
      "Up for the challenge? Get in touch to find out how to take part.",
    ),
    ctas: [CTAS.contactUs, CTAS.joinUs],
  }),

  // ── News ────────────────────────────────────────────────────────────────
  page({
    id: "news",
    path: "/news",
    title: "News and Events",
    description:
      "News and events from our community: creative workshops, community celebrations, life skills sessions and more. Join our newsletter.",
    category: "main",
    videoAssignment: "news-events",
    heroSubtitle: "What's happening in our community",
    mainTitle: "Latest from our community",
    content: md(
      "Catch up on what we have been up to and find out what is coming up, from creative workshops to community celebrations.",
      "Want to be the first to hear about new sessions and events? Join our newsletter.",
    ),
    ctas: [CTAS.newsletter],
  }),

  // ── Get involved ────────────────────────────────────────────────────────
  page({
    id: "volunteer",
    path: "/volunteer",
    title: "Volunteer",
    description:
      "Volunteer with young people in Halifax: coaching, mentoring, administration, events, fundraising and maintenance roles. Apply today.",
    category: "engagement",
    videoAssignment: "volunteer",
    heroSubtitle: "Give your time, share your skills, change young lives",
    mainTitle: "Volunteer with us",
    content: md(
      "Our 150 dedicated volunteers are at the heart of what we do. Volunteering is a rewarding way to support young people, meet new people and learn new skills.",
      "We have roles in coaching, mentoring, administration, events, fundraising and maintenance, so there is something to suit different skills and amounts of time.",
      "Browse our [volunteer vacancies](/volunteer/vacancies) or [apply to volunteer](/volunteer/apply) today.",
    ),
    ctas: [CTAS.applyToVolunteer, CTAS.viewVacancies],
  }),
  page({
    id: "volunteer-apply",
    path: "/volunteer/apply",
    title: "Apply to Volunteer",
    description:
      "How to apply to volunteer with us: find a role that suits you, get in touch, and we will talk you through the next steps.",
    category: "engagement",
    videoAssignment: "volunteer-apply",
    heroSubtitle: "Take the first step towards volunteering with us",
    mainTitle: "How to apply",
    content: md(
      "Thank you for your interest in volunteering. Applying is straightforward, and we will support you every step of the way.",
      [
        "- Look through our [volunteer vacancies](/volunteer/vacancies) to find a role that suits you",
        "- Get in touch and tell us a little about yourself and the time you can give",
        "- We will have a chat with you about the role and the next steps",
      ].join("\n"),
      "Because our volunteers work with children and young people, some roles need safeguarding checks. We will talk you through anything that is needed.",
    ),
    ctas: [CTAS.contactUs, CTAS.viewVacancies],
  }),
  page({
    id: "volunteer-vacancies",
    path: "/volunteer/vacancies",
    title: "Volunteer Vacancies",
    description:
      "Current volunteer vacancies: sports coaching, youth mentoring, events, admin support and fundraising roles that make a real difference.",
    category: "engagement",
    videoAssignment: "volunteer-vacancies",
    heroSubtitle: "Current opportunities to get involved",
    mainTitle: "Roles we are looking to fill",
    content: md(
      "Here are the volunteer roles we are currently looking to fill. Each one makes a real difference to young people in our community.",
      "Can't see a role that fits? We would still love to hear from you. Get in touch and tell us how you would like to help.",
    ),
    ctas: [CTAS.applyNow, CTAS.contactUs],
  }),
  page({
    id: "register-child",
    path: "/contact/register-child",
    title: "Register Your Child Now",
    description:
      "Register your child for our free youth programmes for ages 8 to 25: make new friends, explore workshops and build life skills with caring mentors.",
    category: "engagement",
    videoAssignment: "register-child",
    heroSubtitle: "Free activities for young people aged 8 to 25",
    mainTitle: "Give your child something to look forward to",
    content: md(
      "Our youth programmes are free and open to young people aged 8 to 25. Your child can make new friends, explore exciting workshops and build skills for life, supported by caring mentors.",
      "Registering is simple: contact us by phone or email, or send us a message, and we will help you find the right sessions for your child.",
      "Have a question first? Take a look at our [FAQs](/contact/faqs).",
    ),
    ctas: [CTAS.contactUs, CTAS.askQuestion],
  }),
  page({
    id: "join-us",
    path: "/join-us",
    title: "Join Us",
    description:
      "Join our community as a young person, parent or carer, volunteer or supporter. Get in touch, register and start your journey with us.",
    category: "engagement",
    videoAssignment: "join-us",
    heroSubtitle: "There is a place for you in our community",
    mainTitle: "Get involved",
    content: md(
      "There are lots of ways to be part of our community: as a young person taking part, a parent or carer, a volunteer or a supporter. Whatever brings you here, you are welcome.",
      "Joining is easy: get in touch, register, and start your journey with us.",
    ),
    ctas: [CTAS.registerNow, CTAS.contactUs],
  }),
  page({
    id: "donate",
    path: "/donate",
    title: "Donate",
    description:
      "Donate to help keep our youth programmes free. Give once or monthly, or support us through partnerships, equipment or fundraising.",
    category: "engagement",
    videoAssignment: "donate",
    heroSubtitle: "Help us keep youth programmes free for every young person",
    mainTitle: "Your support changes lives",
    content: md(
      "Our youth programmes are free, so no young person misses out because of cost. Your donation helps us keep it that way.",
      "Every gift, large or small, supports youth development, sport, education and the community facilities young people rely on. Our humanitarian work and its children's charity follow a 100% donation policy.",
      "Give once, give monthly, or find another way to support us below.",
    ),
    ctas: [CTAS.learnMore],
  }),

  // ── Contact ─────────────────────────────────────────────────────────────
  page({
    id: "contact",
    path: "/contact",
    title: "Contact Us",
    description:
      "Contact us to register your child, volunteer, support our work or ask a question. Find our phone, email, address and social media.",
    category: "main",
    videoAssignment: "contact",
    heroSubtitle: "We would love to hear from you",
    mainTitle: "Get in touch",
    content: md(
      "Whether you want to register your child, volunteer, support our work or just ask a question, we are happy to help.",
      "You can reach us by phone, email or post, or follow us on social media to keep up with what is happening. You may also find a quick answer in our [FAQs](/contact/faqs).",
    ),
    ctas: [CTAS.registerChild, CTAS.askQuestion],
  }),
  page({
    id: "faqs",
    path: "/contact/faqs",
    title: "FAQs",
    description:
      "Answers to common questions about our programmes and schedules, registering your child, volunteering, and keeping young people safe.",
    category: "main",
    videoAssignment: "faqs",
    heroTitle: "Frequently Asked Questions",
    heroSubtitle: "Answers to the questions we are asked most often",
    mainTitle: "How can we help?",
    content: md(
      "Here you will find answers about our programmes and schedules, how to register, volunteering, and how we keep young people safe.",
      "Can't find what you are looking for? Contact us and we will be happy to help.",
    ),
    ctas: [CTAS.contactUs],
  }),

  // ── Legal ───────────────────────────────────────────────────────────────
  page({
    id: "privacy-policy",
    path: "/privacy-policy",
    title: "Privacy Policy",
    description:
      "Our privacy policy is being drafted and will explain how we collect, use and protect your personal information.",
    category: "legal",
    videoAssignment: null,
    heroSubtitle: "How we look after your information",
    mainTitle: "Privacy Policy",
    content: md(
      "Our privacy policy is being drafted and will be published here soon.",
      "If you have a question about how we use your information in the meantime, please [contact us](/contact).",
    ),
  }),
  page({
    id: "terms",
    path: "/terms",
    title: "Terms",
    description: "The terms of using this website are being written and will be published here soon.",
    category: "legal",
    videoAssignment: null,
    heroSubtitle: "The terms of using this website",
    mainTitle: "Terms",
    content: md(
      "Our terms are being written and will be published here soon.",
      "If you have a question in the meantime, please [contact us](/contact).",
    ),
  }),
];

/** Strips a query, a #fragment and a trailing slash, so "/about/?x#y" finds "/about". */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return trimmed === "" ? "/" : trimmed;
}

const BY_PATH = new Map(BUILT_IN_PAGES.map((p) => [p.path, p]));
const BY_ID = new Map(BUILT_IN_PAGES.map((p) => [p.id, p]));

export function getPageByPath(path: string): BuiltInPage | undefined {
  return BY_PATH.get(normalizePath(path));
}

export function getPageById(id: string): BuiltInPage | undefined {
  return BY_ID.get(id);
}

export function getPagesByCategory(category: PageCategory): BuiltInPage[] {
  return BUILT_IN_PAGES.filter((p) => p.category === category);
}

/**
 * The built-in illustration of each page (ids of BUILT_IN_IMAGES). Pages
 * show it as their layout allows: text-only pages show none until staff
 * choose a layout with images.
 */
export const PAGE_IMAGE_IDS: Record<string, string> = {
  home: "community-gathering",
  about: "community-gathering",
  mission: "youth-session",
  difference: "community-gathering",
  facilities: "community-gathering",
  funders: "community-gathering",
  "what-we-deliver": "youth-session",
  "youth-provision": "youth-session",
  haf: "youth-session",
  sports: "sports-activities",
  "happier-healthier": "sports-activities",
  employability: "youth-session",
  vrp: "youth-session",
  sen: "youth-session",
  "active-travel-hub": "bike-ride",
  "residentials-trips": "hiking-adventure",
  "what-we-offer": "sports-activities",
  "serving-humanity": "humanitarian-aid",
  "football-teams": "football-pitch",
  "bike-rides": "bike-ride",
  "boxing-mma": "boxing-training",
  football: "football-pitch",
  marathons: "sports-activities",
  mountains: "hiking-adventure",
  "tough-mudder": "hiking-adventure",
  news: "community-gathering",
  volunteer: "community-gathering",
  "volunteer-apply": "community-gathering",
  "volunteer-vacancies": "community-gathering",
  "register-child": "youth-session",
  "join-us": "community-gathering",
  donate: "humanitarian-aid",
  contact: "community-gathering",
  faqs: "community-gathering",
};

/** A page's built-in images: its illustration, as a hero image on hero-content pages. */
export function builtInPageImages(page: BuiltInPage): PageImage[] {
  const image = BUILT_IN_IMAGES.find((i) => i.id === PAGE_IMAGE_IDS[page.id]);
  if (!image) return [];
  return [
    {
      id: `built-in-${image.id}`,
      filename: image.filename,
      alt: image.alt,
      caption: "",
      position: page.layout === "hero-content" ? "hero" : DEFAULT_IMAGE_POSITION,
      order: 1,
      width: image.width,
      height: image.height,
    },
  ];
}

/** The page's built-in content, in the shape staff edits are saved in. */
export function builtInPageContent(page: BuiltInPage): PageContent {
  return {
    pageId: page.id,
    heroTitle: page.heroTitle,
    heroSubtitle: page.heroSubtitle,
    mainTitle: page.mainTitle,
    content: page.content,
    layout: page.layout,
    images: builtInPageImages(page),
    ctas: page.ctas,
  };
}

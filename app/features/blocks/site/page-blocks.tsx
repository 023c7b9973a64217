import type { ReactNode } from "react";
import type { Block } from "#app/features/blocks/block-schema";
import type { BlockData } from "#app/features/blocks/block-data";
import type { PageImage } from "#app/content/types";
import { sectionAsImage } from "#app/features/pages/page-layout";
import { sectionLabel } from "#app/features/pages/page-image-src";
import { questionTopicsFrom } from "#app/features/blocks/question-topics";
import { ButtonsBlock } from "./buttons";
import { CardsBlock } from "./cards";
import { ContactBlock } from "./contact";
import { DonationBlock } from "./donation";
import { EventsBlock } from "./events";
import { FaqBlock } from "./faq";
import { FiguresBlock } from "./figures";
import { BlockFigure } from "./figure";
import { FormBlock } from "./form";
import { GalleryBlock } from "./gallery";
import { HeroBlock } from "./hero";
import { ImageBlock } from "./image";
import { MapBlock } from "./map";
import { StepsBlock } from "./steps";
import { TestimonialsBlock } from "./testimonials";
import { TextBlock } from "./text";
import { VacanciesBlock } from "./vacancies";
import { VideosBlock } from "./videos";

/** How many bands a block draws: donation and events add a second (monthly tiers, past events). */
const bands = (block: Block) => (block.type === "donation" && block.oneOff.length > 0 && block.monthly.length > 0 ? 2 : 1);

/**
 * A page's blocks in order, hidden ones left out. The outline stays valid
 * whatever order staff choose: only a hero holds an h1 (the first one; any
 * later hero is drawn as a titled band), block titles are h2, and what sits
 * in a block (cards, steps, questions) is h3. Titled bands alternate between
 * the muted and plain backgrounds; a block without a title continues the
 * band above it, as a row of buttons under cards does.
 */
export function PageBlocks(props: PageBlocksProps) {
  return (
    <article>
      <PageBlockList {...props} />
    </article>
  );
}

export interface PageBlocksProps {
  blocks: readonly Block[];
  data: BlockData;
  /** The path of the page, so a form block knows whether it is on its own route. */
  pagePath: string;
  /** The page's hero picture with its generated sizes, for a "latest" videos block to stand in for a video. */
  heroPicture?: PageImage;
}

/** The blocks themselves, without the <article> around them (page-blocks-html.server.tsx keeps them as HTML). */
export function PageBlockList({ blocks, data, pagePath, heroPicture }: PageBlocksProps) {
  const shown = blocks.filter((b) => !b.hidden);
  const topics = data.questionTopics ?? questionTopicsFrom(shown);
  const contentPictures = (data.sectionImages ?? []).filter((s) => s.section === "content");
  const otherPictures = (data.sectionImages ?? []).filter((s) => s.section !== "content");
  let heroDone = false;
  // The first band after the hero is plain; each titled one after it changes.
  let muted = false;
  let started = false;
  const out: ReactNode[] = [];
  for (const block of shown) {
    if (block.type === "hero" && !heroDone) {
      heroDone = true;
      out.push(<HeroBlock key={block.id} block={block} inlineSrc={data.heroInline} picture={heroPicture} />);
      continue;
    }
    const titled = "title" in block && Boolean(block.title);
    if (titled || block.type === "text") {
      muted = started ? !muted : false;
      started = true;
    }
    const props = { muted };
    switch (block.type) {
      case "hero":
        out.push(<ButtonsBlock key={block.id} {...props} block={{ ...block, type: "buttons", text: block.subtitle, buttons: block.buttons }} />);
        break;
      case "text":
        out.push(<TextBlock key={block.id} {...props} block={block} after={contentPictures.map(sectionAsImage)} />);
        // Pictures staff applied in Page Images to other sections of the page follow its text.
        for (const s of otherPictures) {
          out.push(
            <section key={`section-${s.section}`} id={`section-${s.section}`} aria-label={sectionLabel(s.section)} className="mx-auto max-w-7xl px-4 pb-12">
              <BlockFigure image={sectionAsImage(s)} sizes="(min-width: 80rem) 80rem, 100vw" />
            </section>,
          );
        }
        break;
      case "image":
        out.push(<ImageBlock key={block.id} block={block} />);
        break;
      case "gallery":
        out.push(<GalleryBlock key={block.id} {...props} block={block} />);
        break;
      case "videos":
        out.push(<VideosBlock key={block.id} block={block} gallery={data.galleries[block.id]} picture={heroPicture} pictureInline={data.heroInline} />);
        break;
      case "cards":
        out.push(<CardsBlock key={block.id} {...props} block={block} />);
        break;
      case "figures":
        out.push(<FiguresBlock key={block.id} {...props} block={block} />);
        break;
      case "steps":
        out.push(<StepsBlock key={block.id} {...props} block={block} />);
        break;
      case "faq":
        out.push(<FaqBlock key={block.id} {...props} block={block} />);
        break;
      case "donation":
        out.push(<DonationBlock key={block.id} {...props} block={block} settings={data.settings} />);
        if (bands(block) === 2) muted = !muted;
        break;
      case "buttons":
        out.push(<ButtonsBlock key={block.id} {...props} block={block} />);
        break;
      case "testimonials":
        out.push(<TestimonialsBlock key={block.id} {...props} block={block} items={data.testimonials} />);
        break;
      case "events":
        out.push(<EventsBlock key={block.id} {...props} block={block} events={data.events} />);
        if ((data.events?.past.length ?? 0) > 0) muted = !muted;
        break;
      case "vacancies":
        out.push(<VacanciesBlock key={block.id} {...props} block={block} roles={data.vacancies} />);
        break;
      case "contact":
        out.push(<ContactBlock key={block.id} {...props} block={block} settings={data.settings} />);
        break;
      case "map":
        out.push(<MapBlock key={block.id} {...props} block={block} settings={data.settings} />);
        break;
      case "form":
        out.push(
          <FormBlock
            key={block.id}
            {...props}
            block={block}
            state={data.forms}
            pagePath={pagePath}
            topics={topics}
            roles={(data.vacancies ?? []).map((r) => ({ id: r.id, title: r.title }))}
          />,
        );
        break;
    }
  }
  return <>{out}</>;
}

import storiesData from "#data/news/demo-stories.json" with { type: "json" };
import { DEMO_AREAS, DEMO_CATEGORIES, type DemoAreaSlug, type DemoCategorySlug } from "./taxonomy";

/** [area, category, title, lead, tags]: the demo newsroom's stories (companies are fictional). */
export type Story = [DemoAreaSlug, DemoCategorySlug, string, string, string[]];

const areas = new Set<string>(DEMO_AREAS.map((area) => area.slug));
const categories = new Set<string>(DEMO_CATEGORIES.map((category) => category.slug));

/**
 * The texts are data (data/news/demo-stories.json), edited without touching code; an area or
 * category the demo taxonomy does not have stops the seed here rather than at an insert.
 */
export const STORIES: Story[] = storiesData.map(({ area, category, title, lead, tags }) => {
  if (!areas.has(area) || !categories.has(category)) throw new Error(`Demo story "${title}": unknown area or category`);
  return [area as DemoAreaSlug, category as DemoCategorySlug, title, lead, tags];
});

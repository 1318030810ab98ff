export type SortOption = { value: string; label: string };

/** One choice in a filter group; colours also have the swatch drawn beside their name. */
export type FilterOption = { label: string; swatch?: string };

export type FilterGroup = { id: string; heading: string; options: readonly FilterOption[] };

import type { FilterGroup, FilterOption } from '../../../types/shop';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Disclosure } from '../../ui/Disclosure/Disclosure';
import * as styles from './FilterSidebar.css';

export type FilterSidebarProps = {
  heading: string;
  /** The toggle that folds the sidebar away below 1024px. */
  toggleLabel: string;
  /** The group that is always shown (the categories). */
  primary: FilterGroup;
  /** The groups that expand and collapse. */
  groups: readonly FilterGroup[];
};

/**
 * The filter sidebar. From 1024px it sits beside the grid; below, it folds behind a 'Filters' toggle so
 * the grid comes first. Both folds are <details>, so they work without JavaScript. The spec gives the
 * filters no behaviour: the checkboxes tick and untick, and filter nothing.
 */
export function FilterSidebar({ heading, toggleLabel, primary, groups }: FilterSidebarProps) {
  return (
    <aside className={styles.root} aria-labelledby="filters-heading">
      {/* From 1024px CSS shows the fold's content through ::details-content (every current browser); an
          older one shows the 'Filters' toggle there too, which still works. */}
      <Disclosure
        summary={toggleLabel}
        className={styles.fold}
        summaryClassName={styles.toggle}
        contentClassName={styles.panel}
      >
        <h2 id="filters-heading" className={styles.heading}>
          {heading}
        </h2>
        <fieldset className={styles.fieldset}>
          <legend className={styles.groupHeading}>{primary.heading}</legend>
          <Options group={primary} />
        </fieldset>
        {groups.map((group) => (
          <Disclosure
            key={group.id}
            summary={group.heading}
            defaultOpen
            className={styles.group}
            summaryClassName={styles.groupToggle}
          >
            <fieldset className={styles.fieldset}>
              <legend className={visuallyHidden}>{group.heading}</legend>
              <Options group={group} />
            </fieldset>
          </Disclosure>
        ))}
      </Disclosure>
    </aside>
  );
}

function Options({ group }: { group: FilterGroup }) {
  return (
    <ul className={styles.options}>
      {group.options.map((option) => (
        <li key={option.label}>
          <label className={styles.option}>
            <input type="checkbox" name={group.id} value={option.label} className={styles.checkbox} />
            {option.swatch ? <Swatch option={option} /> : null}
            {option.label}
          </label>
        </li>
      ))}
    </ul>
  );
}

/** The colour as an SVG fill: a presentation attribute, so no inline style (the CSP forbids those). */
function Swatch({ option }: { option: FilterOption }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.swatch}>
      <circle
        cx="8"
        cy="8"
        r="7.25"
        fill={option.swatch}
        stroke="currentColor"
        strokeOpacity="0.35"
        strokeWidth="1.5"
      />
    </svg>
  );
}

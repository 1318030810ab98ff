import type { ColourOption } from '../../../types/product';
import * as styles from './ColourSwatches.css';

export type ColourSwatchesProps = {
  /** The radio group's form name. */
  name: string;
  legend: string;
  options: ColourOption[];
  /** The option chosen at first; defaults to the first. */
  defaultValue?: string;
};

/**
 * Colour swatches as a native radio group: arrow keys move the choice, with or without JavaScript. Each
 * swatch is an SVG circle filled with its colour (a presentation attribute, so no inline style, which the
 * CSP forbids); the chosen colour's name shows beside the legend.
 */
export function ColourSwatches({ name, legend, options, defaultValue = options[0]?.id }: ColourSwatchesProps) {
  return (
    <fieldset className={styles.root}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.id} className={styles.swatch} title={option.name}>
            <input
              type="radio"
              name={name}
              value={option.id}
              defaultChecked={option.id === defaultValue}
              className={styles.input}
            />
            <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={styles.dot}>
              <circle cx="16" cy="16" r="15" fill={option.hex} />
            </svg>
            <span className={styles.name}>{option.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

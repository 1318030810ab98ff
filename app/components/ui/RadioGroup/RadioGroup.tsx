import type { ChoiceSpec } from '../../../types/forms';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';
import * as styles from './RadioGroup.css';

export type RadioGroupProps = {
  /** The radios' shared name; ids are `${name}-${value}`. */
  name: string;
  legend: string;
  options: readonly ChoiceSpec[];
  defaultValue?: string;
  /** Options side by side (short ones like Yes / No) or one per line. */
  layout?: 'inline' | 'stacked';
  className?: string;
  /** Replaces the legend's own look, e.g. to read as a section heading. */
  legendClassName?: string;
};

/** Native radio buttons in a fieldset: arrow keys move the choice, the legend names the group. */
export function RadioGroup({
  name,
  legend,
  options,
  defaultValue,
  layout = 'inline',
  className,
  legendClassName,
}: RadioGroupProps) {
  return (
    <fieldset className={cx(styles.root, className)}>
      <legend className={legendClassName ?? styles.legend}>{legend}</legend>
      <div className={cx(styles.options, layout === 'stacked' && styles.stacked)}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          const descriptionId = option.description ? `${id}-description` : undefined;
          return (
            <div key={option.value} className={styles.option}>
              <label className={form.choice} htmlFor={id}>
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option.value}
                  defaultChecked={option.value === defaultValue}
                  aria-describedby={descriptionId}
                  className={form.choiceInput}
                />
                <span className={styles.optionLabel}>{option.label}</span>
              </label>
              {option.description ? (
                <p id={descriptionId} className={styles.description}>
                  {option.description}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

import { cx } from '../../../lib/class-names';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Icon } from '../Icon/Icon';
import * as styles from './SearchBox.css';

export type SearchBoxProps = {
  id: string;
  label: string;
  /** The search landmark's name, where a page has more than one ("Site" reads "Site search"). */
  name: string;
  className?: string;
  inputClassName?: string;
};

/** A search field. The spec gives search no behaviour, so it sits in no form and submits nowhere. */
export function SearchBox({ id, label, name, className, inputClassName }: SearchBoxProps) {
  return (
    <div role="search" aria-label={name} className={cx(styles.root, className)}>
      <label htmlFor={id} className={visuallyHidden}>
        {label}
      </label>
      <Icon name="search" size={18} className={styles.icon} />
      <input
        id={id}
        type="search"
        placeholder={label}
        autoComplete="off"
        className={cx(styles.input, inputClassName)}
      />
    </div>
  );
}

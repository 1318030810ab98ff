import { useEffect, useEffectEvent, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated';
import { Button } from '../../ui/Button/Button';
import { SelectField, type SelectOption } from '../../ui/SelectField/SelectField';
import * as styles from './ListingControls.css';

export type ListingChoice = { sort: string; pageSize: number };

export type ListingControlsProps = {
  /** Where the form sends its GET request when JavaScript is off. */
  action: string;
  sort: string;
  pageSize: number;
  sortOptions: readonly SelectOption[];
  pageSizes: readonly number[];
  /** The URL a choice leads to; with JavaScript the form navigates there directly. */
  hrefFor: (choice: ListingChoice) => string;
  labels: { sort: string; pageSize: string; apply: string };
  /** The field names, matching what the page reads from its URL. */
  names: { sort: string; pageSize: string };
};

/**
 * The sort and page-size selects in a GET form. Without JavaScript the Apply button submits it; once React
 * runs, the button goes and each change navigates on the client, with no full reload.
 */
export function ListingControls({
  action,
  sort,
  pageSize,
  sortOptions,
  pageSizes,
  hrefFor,
  labels,
  names,
}: ListingControlsProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { key } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);

  // In place of the listing's history entry: each arrow key on a select is a change, and Back should leave the
  // listing rather than step back through every option passed on the way.
  const go = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const href = hrefFor({ sort: String(data.get(names.sort)), pageSize: Number(data.get(names.pageSize)) });
    void navigate(href, { replace: true });
  };

  // The selects are uncontrolled, so the choice shows at once; when the state arrives another way (back,
  // forward, a pagination link), the fields follow it without being replaced, so focus stays put: after every
  // navigation, also one that left the state as it was (a choice still loading when a pagination link was
  // followed, whose navigation replaced the choice's). A choice made before React ran (the page still loading,
  // Apply not pressed) is not undone but applied.
  const firstRun = useRef(true);
  const apply = useEffectEvent((form: HTMLFormElement) => go(form));
  useEffect(() => {
    const form = formRef.current;
    const sortField = form?.elements.namedItem(names.sort);
    const sizeField = form?.elements.namedItem(names.pageSize);
    if (!(sortField instanceof HTMLSelectElement && sizeField instanceof HTMLSelectElement)) return;
    const chosen = sortField.value !== sort || sizeField.value !== String(pageSize);
    if (firstRun.current && chosen) apply(form!);
    else {
      sortField.value = sort;
      sizeField.value = String(pageSize);
    }
    firstRun.current = false;
  }, [sort, pageSize, names.sort, names.pageSize, key]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(event.currentTarget);
  };

  return (
    <form
      ref={formRef}
      method="get"
      action={action}
      // No field values restored by the browser on a return to the page: they would read as a choice.
      autoComplete="off"
      className={styles.root}
      onSubmit={submit}
      onChange={(event) => go(event.currentTarget)}
    >
      <SelectField
        id="listing-sort"
        look="inline"
        name={names.sort}
        label={labels.sort}
        options={sortOptions}
        defaultValue={sort}
        className={styles.field}
      />
      {/* The page size and Apply share a column, so when Apply goes the field only widens. */}
      <div className={styles.lastColumn}>
        <SelectField
          id="listing-size"
          look="inline"
          name={names.pageSize}
          label={labels.pageSize}
          options={pageSizes.map(String)}
          defaultValue={String(pageSize)}
          className={styles.lastField}
        />
        <Button type="submit" tone="secondary" hidden={hydrated} className={styles.apply}>
          {labels.apply}
        </Button>
      </div>
    </form>
  );
}

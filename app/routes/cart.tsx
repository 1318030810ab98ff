import { Link } from 'react-router';
import { Button, buttonStyle } from '../components/ui/Button/Button';
import { getCart } from '../data/cart.server';
import { getDemoFormNotice, getPage } from '../data/content.server';
import { DemoForm } from '../components/ui/DemoForm/DemoForm';
import { FormStatus } from '../components/ui/FormStatus/FormStatus';
import { NumberStepper } from '../components/ui/NumberStepper/NumberStepper';
import { SelectField } from '../components/ui/SelectField/SelectField';
import { TextField } from '../components/ui/TextField/TextField';
import { cx } from '../lib/class-names';
import { pageMeta } from '../lib/meta';
import { formatPrice } from '../lib/money';
import { visuallyHidden } from '../styles/a11y.css';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/cart';
import * as styles from './cart.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('cart'), ...(await getCart()) };
}

// Demo forms send nothing anywhere: the action never reads the body and answers the notice (0008).
export async function action() {
  return { notice: await getDemoFormNotice() };
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, lines, sizes, subtotal, shipping, total } = loaderData;
  const { columns } = copy;
  return (
    <div className={cx(layout.pageBody, styles.root)}>
      <DemoForm className={styles.form}>
        <table className={styles.table}>
          <caption className={visuallyHidden}>{copy.caption}</caption>
          <thead className={styles.head}>
            <tr>
              <th scope="col">{columns.product}</th>
              <th scope="col">{columns.price}</th>
              <th scope="col">{columns.quantity}</th>
              <th scope="col">{columns.size}</th>
              <th scope="col" className={styles.end}>
                {columns.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.id} className={styles.row}>
                <th scope="row" className={styles.product}>
                  <img
                    src={line.image.src}
                    alt=""
                    width={line.image.width}
                    height={line.image.height}
                    loading={index < 2 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    className={styles.image}
                  />
                  <span className={styles.name}>{line.name}</span>
                </th>
                <td className={styles.cell}>
                  <span className={styles.cellLabel} aria-hidden="true">
                    {columns.price}
                  </span>
                  {formatPrice(line.price)}
                </td>
                <td className={styles.cell}>
                  <NumberStepper
                    id={`quantity-${line.id}`}
                    name={`quantity-${line.id}`}
                    defaultValue={line.quantity}
                    label={<ColumnLabel column={columns.quantity} name={line.name} />}
                    labelClassName={styles.controlLabel}
                    decreaseLabel={`Decrease quantity of ${line.name}`}
                    increaseLabel={`Increase quantity of ${line.name}`}
                    className={styles.control}
                  />
                </td>
                <td className={styles.cell}>
                  <SelectField
                    id={`size-${line.id}`}
                    name={`size-${line.id}`}
                    options={sizes}
                    defaultValue={line.size}
                    autoComplete="off"
                    label={<ColumnLabel column={columns.size} name={line.name} />}
                    labelClassName={styles.controlLabel}
                    className={cx(styles.control, styles.size)}
                  />
                </td>
                <td className={cx(styles.cell, styles.end, styles.lineTotal)}>
                  <span className={styles.cellLabel} aria-hidden="true">
                    {columns.total}
                  </span>
                  {formatPrice(line.total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <div className={styles.actions}>
          <div className={styles.coupon}>
            <TextField
              id="cart-coupon"
              name={copy.coupon.name}
              label={copy.coupon.label}
              placeholder={copy.coupon.placeholder}
              autoComplete="off"
              className={styles.couponField}
            />
            <Button type="submit" name="intent" value="coupon" tone="secondary">
              {copy.coupon.submit}
            </Button>
          </div>
          <Button type="submit" name="intent" value="update">
            {copy.update}
          </Button>
        </div>
        <FormStatus message={actionData?.notice} />
      </DemoForm>

      <section className={cx(layout.panel, styles.totals)} aria-labelledby="cart-totals-heading">
        <h2 id="cart-totals-heading" className={layout.sectionHeading}>
          {copy.totals.heading}
        </h2>
        <dl className={styles.sums}>
          <div className={styles.sum}>
            <dt>{copy.totals.subtotal}</dt>
            <dd>{formatPrice(subtotal)}</dd>
          </div>
          <div className={styles.sum}>
            <dt>{shipping.label}</dt>
            <dd>
              {shipping.method}: {formatPrice(shipping.amount)}
            </dd>
          </div>
          <div className={cx(styles.sum, styles.grandTotal)}>
            <dt>{copy.totals.total}</dt>
            <dd>{total}</dd>
          </div>
        </dl>
        <Link to={copy.checkout.to} className={buttonStyle({ tone: 'accent', width: 'full' })}>
          {copy.checkout.label}
        </Link>
      </section>
    </div>
  );
}

/** "Quantity" on screen (phones), "Quantity of Denim jacket" to assistive technology. */
function ColumnLabel({ column, name }: { column: string; name: string }) {
  return (
    <>
      {column}
      <span className={visuallyHidden}> of {name}</span>
    </>
  );
}
